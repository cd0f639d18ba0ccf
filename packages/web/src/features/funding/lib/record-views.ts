import {
  DEPOSIT_STATUSES,
  type DepositRecord,
  type FundingStep,
  WITHDRAWAL_STATUSES,
  type WithdrawRecord,
} from '@tradedesk/contract';

/** The colours of antd-mobile's Tag. */
export type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'danger';

/** SPEC.md §4 deposit statuses: 0 unchecked, 1 finished, 2 rejected (remark shown), 3 invalid. */
const DEPOSIT_STATUS_VIEWS: Readonly<Record<number, { key: string; color: TagColor }>> = {
  [DEPOSIT_STATUSES.unchecked]: { key: 'funding.status_unchecked', color: 'warning' },
  [DEPOSIT_STATUSES.finished]: { key: 'funding.status_finished', color: 'success' },
  [DEPOSIT_STATUSES.rejected]: { key: 'funding.status_rejected', color: 'danger' },
  [DEPOSIT_STATUSES.invalid]: { key: 'funding.status_invalid', color: 'default' },
};

export function depositStatusView(status: number): { key: string; color: TagColor } {
  return DEPOSIT_STATUS_VIEWS[status] ?? { key: 'funding.status_unchecked', color: 'warning' };
}

/** A withdrawal's status is named by the server (status_name); its colour says how it stands. */
export function withdrawStatusColor(status: number): TagColor {
  switch (status) {
    case WITHDRAWAL_STATUSES.paid:
      return 'success';
    case WITHDRAWAL_STATUSES.rejected:
      return 'danger';
    case WITHDRAWAL_STATUSES.approved:
      return 'primary';
    default:
      return 'warning';
  }
}

/** Whether a deposit's remark is a reason the trader must read (rejected or invalid). */
export function hasDepositReason(record: Pick<DepositRecord, 'status' | 'remark'>): boolean {
  return (
    record.remark !== '' &&
    (record.status === DEPOSIT_STATUSES.rejected || record.status === DEPOSIT_STATUSES.invalid)
  );
}

const STEP_KEYS: Readonly<Record<FundingStep, string>> = {
  submitted: 'funding.step_submitted',
  credited: 'funding.step_credited',
  rejected: 'funding.step_rejected',
  invalid: 'funding.step_invalid',
  approved: 'funding.step_approved',
  second_approval: 'funding.step_second_approval',
  paid: 'funding.step_paid',
  returned: 'funding.step_returned',
};

/** Refusals, shown in red (the money coming back after one is not: it is shown as done). */
const FAILED_STEPS: ReadonlySet<FundingStep> = new Set(['rejected', 'invalid']);

export interface TimelineEntry {
  /** i18n key of the step's title. */
  key: string;
  /** UTC server time; empty for the step still ahead. */
  at: string;
  /** A reason, a reference, an amount credited; empty otherwise. */
  note: string;
  state: 'finish' | 'error' | 'wait';
}

function pastSteps(record: Pick<DepositRecord | WithdrawRecord, 'timeline'>): TimelineEntry[] {
  return record.timeline.map((row) => ({
    key: STEP_KEYS[row.step],
    at: row.at,
    note: row.note,
    state: FAILED_STEPS.has(row.step) ? 'error' : 'finish',
  }));
}

const ahead = (key: string): TimelineEntry => ({ key, at: '', note: '', state: 'wait' });

/**
 * A deposit's way so far, oldest first, and while it is unchecked the step it waits for:
 * what the trader sees when they ask "where is my money?".
 */
export function depositTimeline(
  record: Pick<DepositRecord, 'status' | 'timeline'>,
): TimelineEntry[] {
  const steps = pastSteps(record);
  if (record.status === DEPOSIT_STATUSES.unchecked) steps.push(ahead('funding.next_review'));
  return steps;
}

/** What an open withdrawal waits for, by status; a paid or rejected one waits for nothing. */
const WITHDRAWAL_NEXT: Readonly<Record<number, string>> = {
  [WITHDRAWAL_STATUSES.reviewing]: 'funding.next_review',
  [WITHDRAWAL_STATUSES.secondApproval]: 'funding.next_second_approval',
  [WITHDRAWAL_STATUSES.approved]: 'funding.next_transfer',
};

/** A withdrawal's way so far, oldest first, and the step it waits for while open. */
export function withdrawTimeline(
  record: Pick<WithdrawRecord, 'status' | 'timeline'>,
): TimelineEntry[] {
  const steps = pastSteps(record);
  const next = WITHDRAWAL_NEXT[record.status];
  if (next) steps.push(ahead(next));
  return steps;
}
