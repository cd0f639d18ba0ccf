import { WITHDRAWAL_STATUSES } from '@tradedesk/contract';
import { type LedgerKind, type Micros, negateMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { canApply, statusCodec, type Transition } from '../../platform/core/lifecycle.ts';

/** A withdrawal's states, as the contract names them. */
export type WithdrawalState = keyof typeof WITHDRAWAL_STATUSES;

/** Numbers of the states: for the repository (database) and the wire mapping only. */
export const withdrawalStatus = statusCodec(WITHDRAWAL_STATUSES);

/**
 * A step of a withdrawal with what it does to the account beside it (peatio's
 * lock_funds/unlock_funds beside each AASM event): the ledger row, signed by how it moves
 * `balance` (−1 out, 0 nothing, +1 back), and how it moves `lock_balance` (+1 holds the
 * amount, −1 lets it go), in units of the withdrawal's amount.
 */
export interface WithdrawalTransition extends Transition<WithdrawalState> {
  readonly ledger?: { kind: LedgerKind; balance: -1 | 0 | 1; lock: -1 | 1 };
  /** What the audit log calls the step. */
  readonly audit?: string;
}

/**
 * pending (reviewing) → approved → paid, or → rejected before any money left the account;
 * from the four-eyes amount, reviewing → second approval → approved by another operator.
 */
export const WITHDRAWAL = {
  /** The request: the amount leaves the balance into the lock. */
  request: {
    from: [],
    to: 'reviewing',
    ledger: { kind: 'withdraw-hold', balance: -1, lock: 1 },
  },
  /** The first of two approvals; no money moves. */
  firstApproval: {
    from: ['reviewing'],
    to: 'secondApproval',
    audit: 'withdrawal.approve',
  },
  /** The only approval needed: the held amount is paid out of the lock. */
  approve: {
    from: ['reviewing'],
    to: 'approved',
    ledger: { kind: 'withdraw-payout', balance: 0, lock: -1 },
    audit: 'withdrawal.approve',
  },
  /** The second approval, by another operator than the first: paid out of the lock. */
  secondApproval: {
    from: ['secondApproval'],
    to: 'approved',
    ledger: { kind: 'withdraw-payout', balance: 0, lock: -1 },
    audit: 'withdrawal.second_approve',
  },
  /** Refused before it was paid out: the held amount returns to the balance. */
  reject: {
    from: ['reviewing', 'secondApproval'],
    to: 'rejected',
    ledger: { kind: 'withdraw-return', balance: 1, lock: -1 },
    audit: 'withdrawal.reject',
  },
  /** The transfer was made; no money moves in the account. */
  paid: { from: ['approved'], to: 'paid', audit: 'withdrawal.paid' },
} as const satisfies Record<string, WithdrawalTransition>;

/** The approval that applies to a withdrawal in `state`; none once it is decided. */
export function finalApprovalFrom(
  state: WithdrawalState,
): typeof WITHDRAWAL.approve | typeof WITHDRAWAL.secondApproval | undefined {
  if (canApply(WITHDRAWAL.approve, state)) return WITHDRAWAL.approve;
  if (canApply(WITHDRAWAL.secondApproval, state)) return WITHDRAWAL.secondApproval;
  return undefined;
}

/** Waiting for an operator's decision (four eyes counts them with the approved ones). */
export const WAITING_WITHDRAWAL_STATES = ['reviewing', 'secondApproval'] as const;
/** Money left the account: approved (transfer under way) or paid. */
export const PAID_OUT_WITHDRAWAL_STATES = ['approved', 'paid'] as const;
/**
 * Still holding the trader's and the operators' attention (and its bound method): waiting for
 * a decision or approved with the transfer under way. Their queues are oldest first.
 */
export const OPEN_WITHDRAWAL_STATES = [
  'reviewing',
  'secondApproval',
  'approved',
] as const satisfies readonly WithdrawalState[];
export const isOpenWithdrawal = (state: WithdrawalState): boolean =>
  (OPEN_WITHDRAWAL_STATES as readonly WithdrawalState[]).includes(state);

/** Posts a step's ledger row and lock change for a withdrawal of `amount` (USD micros held). */
export function postWithdrawalStep(
  ctx: Pick<CommandContext, 'post'>,
  transition: WithdrawalTransition,
  id: number,
  amount: Micros,
): void {
  if (!transition.ledger) return;
  const { kind, balance, lock } = transition.ledger;
  ctx.post([{ kind, amount: signed(amount, balance) }], { fundingId: id }, signed(amount, lock));
}

const signed = (amount: Micros, sign: -1 | 0 | 1): Micros =>
  sign === 0 ? ZERO_MICROS : sign < 0 ? negateMicros(amount) : amount;
