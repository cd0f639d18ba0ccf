import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** How often an open review queue asks for new rows. */
export const QUEUE_REFRESH_MS = 10_000;

export type DepositsParams = AdminParamsOf<'deposits'>;

/** Deposits of one status, oldest first: the review queue when unchecked. */
export function useDeposits(params: DepositsParams) {
  return useQuery({
    queryKey: adminKeys.depositList(params),
    queryFn: ({ signal }) => adminApi('deposits', params, { signal }),
    placeholderData: keepPreviousData,
    // A review queue fills while it is open: new requests appear without a reload.
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
