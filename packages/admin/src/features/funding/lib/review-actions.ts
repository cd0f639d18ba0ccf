import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@tradedesk/contract';

/**
 * Which decisions a record allows in its status — the same rule the server enforces (it
 * refuses the others with 5015 / 5016); here it only decides which buttons to offer.
 */

export type DepositAction = 'approve' | 'reject' | 'invalid';
export type WithdrawalAction = 'approve' | 'reject' | 'paid';

/** Only an unchecked deposit is decided; a decision is final. */
export function depositActions(status: number): readonly DepositAction[] {
  return status === DEPOSIT_STATUSES.unchecked ? ['approve', 'reject', 'invalid'] : [];
}

/**
 * Reviewing and awaiting a second approval: approve or reject (the amount is still held).
 * Approved: the money has left the account, so only recording the transfer remains. Paid and
 * rejected are final.
 */
export function withdrawalActions(status: number): readonly WithdrawalAction[] {
  switch (status) {
    case WITHDRAWAL_STATUSES.reviewing:
    case WITHDRAWAL_STATUSES.secondApproval:
      return ['approve', 'reject'];
    case WITHDRAWAL_STATUSES.approved:
      return ['paid'];
    default:
      return [];
  }
}

/** What approving does now: a single approval, the first of two, or the second. */
export function approvalKind(withdrawal: {
  status: number;
  needs_second: boolean;
}): 'single' | 'first' | 'second' {
  if (withdrawal.status === WITHDRAWAL_STATUSES.secondApproval) return 'second';
  return withdrawal.needs_second ? 'first' : 'single';
}

/**
 * Whether this operator gave the first approval (four eyes: the server will refuse them the
 * second, 5017). Only to warn before they try: the server decides.
 */
export function isOwnFirstApproval(
  withdrawal: { status: number; approvals: readonly { operator: string }[] },
  operator: string,
): boolean {
  return (
    withdrawal.status === WITHDRAWAL_STATUSES.secondApproval &&
    withdrawal.approvals.some((approval) => approval.operator === operator)
  );
}

/**
 * What approving a deposit does now: credit it at once, give the first of two approvals (four
 * eyes: a large credit), or give the second — the deposit stays unchecked until then.
 */
export function depositApprovalKind(deposit: {
  needs_second: boolean;
  first_approval: { operator: string } | null;
}): 'single' | 'first' | 'second' {
  if (deposit.first_approval) return 'second';
  return deposit.needs_second ? 'first' : 'single';
}

/** Whether this operator gave a waiting deposit's first approval (the server refuses the second). */
export function isOwnFirstDepositApproval(
  deposit: { status: number; first_approval: { operator: string } | null },
  operator: string,
): boolean {
  return (
    deposit.status === DEPOSIT_STATUSES.unchecked && deposit.first_approval?.operator === operator
  );
}
