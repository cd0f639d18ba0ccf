import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type WithdrawalsParams = AdminParamsOf<'withdrawals'>;

/** Withdrawals of one status, oldest first: the review queue when reviewing. */
export function useWithdrawals(params: WithdrawalsParams) {
  return useQuery({
    queryKey: adminKeys.withdrawalList(params),
    queryFn: ({ signal }) => adminApi('withdrawals', params, { signal }),
    placeholderData: keepPreviousData,
  });
}
