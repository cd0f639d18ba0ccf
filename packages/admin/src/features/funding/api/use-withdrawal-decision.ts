import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { FOUR_EYES_CODE, useFundingDecision } from './use-funding-decision.ts';

export type WithdrawalDecision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject'; reason: string }
  | { id: number; action: 'paid'; reference: string };

function sendWithdrawalDecision(decision: WithdrawalDecision) {
  switch (decision.action) {
    case 'approve':
      return adminApi('approveWithdrawal', { id: decision.id }, { silent: [FOUR_EYES_CODE] });
    case 'reject':
      return adminApi('rejectWithdrawal', { id: decision.id, reason: decision.reason });
    case 'paid':
      return adminApi('paidWithdrawal', { id: decision.id, reference: decision.reference });
  }
}

/**
 * Approves (the first or second approval), rejects (the held amount returns) or records the
 * transfer of a withdrawal. The four-eyes refusal is left to the review to show beside the
 * button rather than as a passing message.
 */
export function useWithdrawalDecision() {
  return useFundingDecision(sendWithdrawalDecision, adminKeys.withdrawals);
}
