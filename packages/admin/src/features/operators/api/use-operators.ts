import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function useOperators() {
  return useQuery({
    queryKey: adminKeys.operators,
    queryFn: ({ signal }) => adminApi('operators', undefined, { signal }),
  });
}

function useInvalidateOperators() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.operators }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

export function useCreateOperator() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (params: AdminParamsOf<'createOperator'>) => adminApi('createOperator', params),
    onSuccess: invalidate,
  });
}

/** Disables an operator: their sessions end and their login is refused. */
export function useDisableOperator() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (id: number) => adminApi('disableOperator', { id }),
    onSuccess: invalidate,
  });
}

/** Removes another operator's two-factor (a lost phone): their sessions end. */
export function useResetOperatorOtp() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (id: number) => adminApi('resetOperatorOtp', { id }),
    onSuccess: invalidate,
  });
}
