import {
  DEPOSIT_STATUSES,
  type DepositStatus,
  type FundingStep,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@tradedesk/contract';

/** How a status shows: its words and the colour of its tag. */
export interface StatusLook {
  label: string;
  color: string;
}

export const DEPOSIT_STATUS_LOOK: Record<DepositStatus, StatusLook> = {
  [DEPOSIT_STATUSES.unchecked]: { label: 'Unchecked', color: 'gold' },
  [DEPOSIT_STATUSES.finished]: { label: 'Credited', color: 'green' },
  [DEPOSIT_STATUSES.rejected]: { label: 'Rejected', color: 'red' },
  [DEPOSIT_STATUSES.invalid]: { label: 'Invalid', color: 'volcano' },
};

export const WITHDRAWAL_STATUS_LOOK: Record<WithdrawalStatus, StatusLook> = {
  [WITHDRAWAL_STATUSES.reviewing]: { label: 'Reviewing', color: 'gold' },
  [WITHDRAWAL_STATUSES.secondApproval]: { label: 'Second approval', color: 'orange' },
  [WITHDRAWAL_STATUSES.approved]: { label: 'Approved, to pay', color: 'blue' },
  [WITHDRAWAL_STATUSES.paid]: { label: 'Paid', color: 'green' },
  [WITHDRAWAL_STATUSES.rejected]: { label: 'Rejected', color: 'red' },
};

/** What a timeline step says to the reviewer, and its colour (antd Timeline: blue, green, red, gray). */
export const STEP_LOOK: Record<FundingStep, StatusLook> = {
  submitted: { label: 'Submitted by the trader', color: 'blue' },
  credited: { label: 'Approved and credited', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  invalid: { label: 'Marked invalid', color: 'red' },
  approved: { label: 'Approved', color: 'blue' },
  second_approval: { label: 'Second approval', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  returned: { label: 'Returned to the balance', color: 'gray' },
};

/** A status from the address (?status=2), or the review queue's when absent or unknown. */
function readStatus<S extends number>(text: string, statuses: readonly S[], queue: S): S {
  if (!/^\d$/.test(text)) return queue;
  const value = Number(text);
  return (statuses as readonly number[]).includes(value) ? (value as S) : queue;
}

const DEPOSIT_STATUS_VALUES = Object.values(DEPOSIT_STATUSES);
const WITHDRAWAL_STATUS_VALUES = Object.values(WITHDRAWAL_STATUSES);

export function readDepositStatus(text: string): DepositStatus {
  return readStatus(text, DEPOSIT_STATUS_VALUES, DEPOSIT_STATUSES.unchecked);
}

export function readWithdrawalStatus(text: string): WithdrawalStatus {
  return readStatus(text, WITHDRAWAL_STATUS_VALUES, WITHDRAWAL_STATUSES.reviewing);
}

/** The choices of a status filter, in the contract's order (the queue first). */
export const DEPOSIT_STATUS_OPTIONS = DEPOSIT_STATUS_VALUES.map((value) => ({
  value: String(value),
  label: DEPOSIT_STATUS_LOOK[value].label,
}));
export const WITHDRAWAL_STATUS_OPTIONS = WITHDRAWAL_STATUS_VALUES.map((value) => ({
  value: String(value),
  label: WITHDRAWAL_STATUS_LOOK[value].label,
}));

/** A status outside the contract's (a newer server): shown plainly rather than hidden. */
export function depositStatusLook(status: number): StatusLook {
  return DEPOSIT_STATUS_LOOK[status as DepositStatus] ?? { label: `Status ${status}`, color: '' };
}
export function withdrawalStatusLook(status: number): StatusLook {
  return (
    WITHDRAWAL_STATUS_LOOK[status as WithdrawalStatus] ?? { label: `Status ${status}`, color: '' }
  );
}
