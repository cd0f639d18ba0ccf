import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { QUEUE_REFRESH_MS } from './use-deposits.ts';

export type WithdrawalsParams = AdminParamsOf<'withdrawals'>;

/** Withdrawals of one status, oldest first: the review queue when reviewing. */
export function useWithdrawals(params: WithdrawalsParams) {
  return useQuery({
    queryKey: adminKeys.withdrawalList(params),
    queryFn: ({ signal }) => adminApi('withdrawals', params, { signal }),
    placeholderData: keepPreviousData,
    // A review queue fills while it is open: new requests appear without a reload.
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
