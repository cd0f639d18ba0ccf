import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESULT_CODES } from '@tradedesk/contract';
import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The server's answer to a first approver trying to give the second one too. */
export const FOUR_EYES_CODE = RESULT_CODES.FOUR_EYES_REQUIRED.code;

export type WithdrawalDecision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject'; reason: string }
  | { id: number; action: 'paid'; reference: string };

/**
 * Approves (the first or second approval), rejects (the held amount returns) or records the
 * transfer of a withdrawal. The four-eyes refusal is left to the review to show beside the
 * button rather than as a passing message.
 */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: WithdrawalDecision) => {
      switch (decision.action) {
        case 'approve':
          return adminApi('approveWithdrawal', { id: decision.id }, { silent: [FOUR_EYES_CODE] });
        case 'reject':
          return adminApi('rejectWithdrawal', { id: decision.id, reason: decision.reason });
        case 'paid':
          return adminApi('paidWithdrawal', { id: decision.id, reference: decision.reference });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}
