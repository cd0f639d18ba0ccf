import { adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { FOUR_EYES_CODE, useFundingDecision } from './use-funding-decision.ts';

export type DepositDecision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject' | 'invalid'; remark: string };

function sendDepositDecision(decision: DepositDecision) {
  switch (decision.action) {
    case 'approve':
      return adminApi('approveDeposit', { id: decision.id }, { silent: [FOUR_EYES_CODE] });
    case 'reject':
      return adminApi('rejectDeposit', { id: decision.id, remark: decision.remark });
    case 'invalid':
      return adminApi('invalidDeposit', { id: decision.id, remark: decision.remark });
  }
}

/**
 * Approves (credits the trader, or gives the first of two approvals), rejects or marks invalid
 * an unchecked deposit. The four-eyes answer is left to the review to show beside the button.
 */
export function useDepositDecision() {
  return useFundingDecision(sendDepositDecision, adminKeys.deposits);
}
