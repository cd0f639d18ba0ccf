import type { QueryClient } from '@tanstack/react-query';
import type { EquityPeriod } from '@tradedesk/contract';
import { ACCOUNT_QUERY_ROOTS } from '../../../lib/query-keys.ts';

/** Every copy-trading query lives under this root, so a change to a copy reloads them all. */
const ROOT = 'copying';

export const COPYING_KEYS = {
  root: [ROOT],
  leader: (id: number) => [ROOT, 'leader', id] as const,
  /** Every leader's profile. */
  leaders: [ROOT, 'leader'] as const,
  equity: (id: number, period: EquityPeriod) => [ROOT, 'equity', id, period] as const,
  myCopies: [ROOT, 'my-copies'] as const,
  /** The trader's own consent to be listed and copied. */
  settings: [ROOT, 'settings'] as const,
};

/**
 * After a copy started, changed or stopped: the copies, the profiles (their "copying" button
 * and follower counts) and the balance the money moved from or back to.
 */
export async function refreshAfterCopyChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: COPYING_KEYS.root }),
    queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_ROOTS.balance] }),
  ]);
}
