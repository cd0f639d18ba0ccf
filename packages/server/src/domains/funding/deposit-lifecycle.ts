import { DEPOSIT_STATUSES } from '@tradedesk/contract';
import type { LedgerKind } from '@tradedesk/engine';
import { canApply, statusCodec, type Transition } from '../../platform/core/lifecycle.ts';

/** A deposit's states, as the contract names them. */
export type DepositState = keyof typeof DEPOSIT_STATUSES;

/** Numbers of the states: for the repository (database) and the wire mapping only. */
export const depositStatus = statusCodec(DEPOSIT_STATUSES);

/** How a deposit was decided, as its notice names it. */
export type DepositOutcome = 'credited' | 'rejected' | 'invalid';

/**
 * A step of a deposit with its effects beside it: the ledger row it writes (a deposit never
 * touches lock_balance), the outcome the trader is told, what the audit log calls it.
 */
export interface DepositTransition extends Transition<DepositState> {
  readonly ledger?: LedgerKind;
  readonly outcome?: DepositOutcome;
  readonly audit?: string;
}

/**
 * unchecked → finished (credited at the currency's USD price), rejected or invalid, each once,
 * by an operator. From the four-eyes amount the first approval is recorded while the deposit
 * stays unchecked, and the credit must come from another operator.
 */
export const DEPOSIT = {
  submit: { from: [], to: 'unchecked' },
  firstApproval: { from: ['unchecked'], to: 'unchecked', audit: 'deposit.approve' },
  credit: {
    from: ['unchecked'],
    to: 'finished',
    ledger: 'deposit',
    outcome: 'credited',
    audit: 'deposit.approve',
  },
  /** The credit after a first approval, by another operator. */
  secondApproval: {
    from: ['unchecked'],
    to: 'finished',
    ledger: 'deposit',
    outcome: 'credited',
    audit: 'deposit.second_approve',
  },
  reject: { from: ['unchecked'], to: 'rejected', outcome: 'rejected', audit: 'deposit.reject' },
  invalidate: { from: ['unchecked'], to: 'invalid', outcome: 'invalid', audit: 'deposit.invalid' },
} as const satisfies Record<string, DepositTransition>;

/** A decision that ends the review: it credits, rejects or invalidates. */
export type DepositDecisionStep =
  | typeof DEPOSIT.credit
  | typeof DEPOSIT.secondApproval
  | typeof DEPOSIT.reject
  | typeof DEPOSIT.invalidate;

/** Whether an operator may still decide on a deposit in `state`. */
export const isUnchecked = (state: DepositState): boolean => canApply(DEPOSIT.credit, state);
