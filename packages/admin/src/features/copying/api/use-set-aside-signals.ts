import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { copyingKeys } from './copying-keys.ts';

export type SetAsideSignalsParams = AdminParamsOf<'copySignalsSetAside'>;

/** Under the copying prefix: a retry also changes the leaders' waiting signals. */
const setAsideKey = (params: object) => [...copyingKeys.all, 'set-aside', params];

/** Leaders' signals set aside after their last attempt, newest first. */
export function useSetAsideSignals(params: SetAsideSignalsParams) {
  return useQuery({
    queryKey: setAsideKey(params),
    queryFn: ({ signal }) => adminApi('copySignalsSetAside', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Puts a set-aside signal back to be mirrored again; audited. */
export function useRetryCopySignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi('retryCopySignal', { id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: copyingKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
