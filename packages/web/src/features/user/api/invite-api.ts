import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type ResponseOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';

type InviteList = ResponseOf<'inviteList'>;

const inviteListQuery = infiniteQueryOptions({
  queryKey: ['invite-list'],
  queryFn: ({ pageParam, signal }) => api('inviteList', { page: pageParam }, { signal }),
  initialPageParam: 1,
  getNextPageParam: (last: InviteList, pages: InviteList[]) =>
    pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  // Friends register and get verified while the page is closed: read afresh on each visit.
  staleTime: 0,
});

/** The people who registered with my invite code, newest first, page by page. */
export function useInviteList() {
  return useInfiniteQuery(inviteListQuery);
}
