import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { copyingKeys } from './copying-keys.ts';

export type CopyLeadersParams = AdminParamsOf<'copyLeaders'>;

/** Leaders with copies or hidden, by assets under copy. */
export function useCopyLeaders(params: CopyLeadersParams) {
  return useQuery({
    queryKey: copyingKeys.leaderList(params),
    queryFn: ({ signal }) => adminApi('copyLeaders', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Hides a leader from the ranking and new copies, or shows them again; audited. */
export function useSetLeaderHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      hidden ? adminApi('hideLeader', { id }) : adminApi('unhideLeader', { id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: copyingKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
