import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrawType, RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { FUNDING_QUERY_ROOTS } from './funding-keys.ts';

/**
 * My bound methods of a type, of one withdrawal currency when `drawId` is given (null: not
 * chosen yet, nothing is asked). Read afresh on every visit: a cooling-off may have ended.
 */
export function useDrawMethods(type: DrawType, drawId?: number | null) {
  return useQuery({
    queryKey: [FUNDING_QUERY_ROOTS.methods, type, drawId ?? 'all'],
    queryFn: ({ signal }) =>
      api('drawMethods', { draw_type: type, draw_id: drawId ?? undefined }, { signal }),
    enabled: drawId !== null,
    staleTime: 0,
  });
}

function useRefreshMethods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [FUNDING_QUERY_ROOTS.methods] });
}

/** Binds a withdrawal method; the answer carries when it becomes usable (usable_at). */
export function useBindMethod() {
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (params: RequestOf<'bindDrawMethod'>) =>
      api('bindDrawMethod', params, { loading: true }),
    onSuccess: refresh,
  });
}

/** Removes a bound method; the server refuses (wallet.method_in_use) while a withdrawal to it is open. */
export function useDeleteMethod() {
  const refresh = useRefreshMethods();
  return useMutation({
    mutationFn: (id: number) => api('delDrawMethod', { id }, { loading: true, toastSuccess: true }),
    onSuccess: refresh,
  });
}
