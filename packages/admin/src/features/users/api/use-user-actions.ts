import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** What a change to a trader makes stale: every user list and detail, and the audit log. */
function useInvalidateUser() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

/** Disables a trader (every session revoked, login refused) or enables them again. */
export function useSetUserDisabled() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      adminApi(disabled ? 'disableUser' : 'enableUser', { id }),
    onSuccess: invalidate,
  });
}

export function useSetCreditScore() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (params: { id: number; credit_score: number }) => adminApi('creditScore', params),
    onSuccess: invalidate,
  });
}
