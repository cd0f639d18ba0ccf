import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { selectFundingNotices, useFundingNotices } from '../../../stores/funding-notices-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { closeNoticesQuery } from '../api/orders-api.ts';
import { useAlerts } from '../api/use-alerts.ts';
import { mergeAlertNotices } from '../lib/alert-notices.ts';
import {
  type CloseNotice,
  mergeNotices,
  noticeFromOrder,
  seenUpTo,
  unreadCount,
} from '../lib/close-notices.ts';
import { useLiveAlertNotices } from '../stores/alert-notices-store.ts';
import { useLiveNotices, useNoticesSeen } from '../stores/close-notices-store.ts';

/**
 * The logged-in trader's automatic closes: history's (closes while the app was shut too) with
 * this session's pushes, which count at once, before history reloads. Beside them, the desk's
 * decisions on deposits and withdrawals that reached this device (`funding`, newest first):
 * they count as unread too, by the same server time. And the price alerts that fired
 * (`alerts`, newest first): this session's pushes and the last firing of each alert listed.
 */
export function useCloseNotices() {
  const userId = useSessionStore((s) => s.user?.id);
  const query = useInfiniteQuery({ ...closeNoticesQuery, enabled: userId !== undefined });
  const live = useLiveNotices((s) => s.notices);
  const funding = useFundingNotices(selectFundingNotices(userId));
  const liveAlerts = useLiveAlertNotices((s) => s.notices);
  // Asked for only while logged in (as the closes).
  const { data: alertList } = useAlerts();
  const alerts = useMemo(
    () => mergeAlertNotices(liveAlerts, alertList?.data),
    [liveAlerts, alertList],
  );
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
  const unreadFunding = funding.filter((push) => push.at > seenAt).length;
  const unreadCloses = unreadCount(notices, seenAt);
  const unreadAlerts = alerts.filter((notice) => notice.at > seenAt).length;
  const unread = unreadCloses + unreadFunding + unreadAlerts;
  /** Everything listed now has been seen (the list is open). */
  const markAllSeen = useCallback(() => {
    const newest = Math.max(funding[0]?.at ?? 0, alerts[0]?.at ?? 0);
    if (userId !== undefined) markSeen(userId, seenUpTo(notices, newest));
  }, [userId, markSeen, notices, funding, alerts]);
  // Past the loaded rows there are older ones: a first page all unread may hide more.
  const more = query.hasNextPage === true && unreadCloses >= notices.length;
  return { ...query, notices, funding, alerts, unread, more, markAllSeen };
}
