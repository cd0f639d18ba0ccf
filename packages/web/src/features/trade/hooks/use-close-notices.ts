import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSessionStore } from '../../../stores/session-store.ts';
import { closeNoticesQuery } from '../api/orders-api.ts';
import {
  type CloseNotice,
  mergeNotices,
  noticeFromOrder,
  seenUpTo,
  unreadCount,
} from '../lib/close-notices.ts';
import { useLiveNotices, useNoticesSeen } from '../stores/close-notices-store.ts';

/**
 * The logged-in trader's automatic closes: history's (closes while the app was shut too) with
 * this session's pushes, which count at once, before history reloads.
 */
export function useCloseNotices() {
  const userId = useSessionStore((s) => s.user?.id);
  const query = useInfiniteQuery({ ...closeNoticesQuery, enabled: userId !== undefined });
  const live = useLiveNotices((s) => s.notices);
  const seenAt = useNoticesSeen((s) => (userId === undefined ? 0 : (s.seen[userId] ?? 0)));
  const markSeen = useNoticesSeen((s) => s.markSeen);
  const { data } = query;
  const notices = useMemo(() => {
    const history = (data?.pages ?? [])
      .flatMap((page) => page.data)
      .map(noticeFromOrder)
      .filter((notice): notice is CloseNotice => notice !== null);
    return mergeNotices(live, history);
  }, [data, live]);
  const unread = unreadCount(notices, seenAt);
  /** Everything listed now has been seen (the list is open). */
  const markAllSeen = useCallback(() => {
    if (userId !== undefined) markSeen(userId, seenUpTo(notices, 0));
  }, [userId, markSeen, notices]);
  // Past the loaded rows there are older ones: a first page all unread may hide more.
  const more = query.hasNextPage === true && unread >= notices.length;
  return { ...query, notices, unread, more, markAllSeen };
}
