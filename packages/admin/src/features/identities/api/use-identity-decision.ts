import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/**
 * Approves or rejects a waiting identity (keyed by the trader's user id). A decision changes
 * the queue, the trader's page and the audit log.
 */
export function useIdentityDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision: { userId: number } & ({ approve: true } | { approve: false; reason: string }),
    ) =>
      decision.approve
        ? adminApi('approveIdentity', { id: decision.userId })
        : adminApi('rejectIdentity', { id: decision.userId, reason: decision.reason }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.identities }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
