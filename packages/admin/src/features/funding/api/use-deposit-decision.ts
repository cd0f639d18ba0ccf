import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { FOUR_EYES_CODE } from './use-withdrawal-decision.ts';

export type DepositDecision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject' | 'invalid'; remark: string };

/**
 * Approves (credits the trader, or gives the first of two approvals), rejects or marks invalid
 * an unchecked deposit. A decision changes the queue, the trader's balance and ledger, and the
 * audit log. The four-eyes answer is left to the review to show beside the button.
 */
export function useDepositDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: DepositDecision) => {
      switch (decision.action) {
        case 'approve':
          return adminApi('approveDeposit', { id: decision.id }, { silent: [FOUR_EYES_CODE] });
        case 'reject':
          return adminApi('rejectDeposit', { id: decision.id, remark: decision.remark });
        case 'invalid':
          return adminApi('invalidDeposit', { id: decision.id, remark: decision.remark });
      }
    },
    // Also after a refusal: the deposit was most likely decided by someone else meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.deposits }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
