import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { copyingKeys } from './copying-keys.ts';

export type LeaderCopiesParams = AdminParamsOf<'leaderCopies'>;

/** One leader's copies, running first, each valued now; nothing while no leader is open. */
export function useLeaderCopies(params: LeaderCopiesParams | undefined) {
  return useQuery({
    queryKey: copyingKeys.copiesOf(params ?? {}),
    queryFn: ({ signal }) => adminApi('leaderCopies', params!, { signal }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
}
