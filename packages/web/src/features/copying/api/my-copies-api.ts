import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COPYING_KEYS } from './copying-keys.ts';

/**
 * How often the copies are asked for while they are on screen. No socket topic carries a
 * copy's figures (FOREX_TRADE is the main account's), so polling is what makes their P&L,
 * mirrored trades and skips live.
 */
export const MY_COPIES_POLL_MS = 2_000;

export const myCopiesQuery = queryOptions({
  queryKey: COPYING_KEYS.myCopies,
  queryFn: () => api('myCopies'),
  // As my_deal: asked even when the browser says it is offline, so a failure says so.
  networkMode: 'offlineFirst',
});

/**
 * The follower's copies, live: polled every MY_COPIES_POLL_MS while a page showing them is
 * mounted and the tab is visible (TanStack Query pauses the interval in a hidden tab).
 */
export function useMyCopies() {
  return useQuery({ ...myCopiesQuery, refetchInterval: MY_COPIES_POLL_MS });
}
