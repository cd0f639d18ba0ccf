import type { FundingStepRow } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import {
  depositStatusView,
  depositTimeline,
  hasDepositReason,
  withdrawStatusColor,
  withdrawTimeline,
} from './record-views.ts';

const submitted: FundingStepRow = { step: 'submitted', at: '2025-03-04 10:00:00', note: '' };

describe('deposit views', () => {
  it('names every SPEC.md §4 status', () => {
    expect([0, 1, 2, 3].map((s) => depositStatusView(s))).toEqual([
      { key: 'funding.status_unchecked', color: 'warning' },
      { key: 'funding.status_finished', color: 'success' },
      { key: 'funding.status_rejected', color: 'danger' },
      { key: 'funding.status_invalid', color: 'default' },
    ]);
  });

  it('shows the remark of a rejected or invalid deposit only', () => {
    expect(hasDepositReason({ status: 2, remark: 'Blurred' })).toBe(true);
    expect(hasDepositReason({ status: 3, remark: 'Duplicate' })).toBe(true);
    expect(hasDepositReason({ status: 2, remark: '' })).toBe(false);
    expect(hasDepositReason({ status: 1, remark: 'ok' })).toBe(false);
  });

  it('adds the review still ahead of an unchecked deposit', () => {
    expect(depositTimeline({ status: 0, timeline: [submitted] })).toEqual([
      { key: 'funding.step_submitted', at: submitted.at, note: '', state: 'finish' },
      { key: 'funding.next_review', at: '', note: '', state: 'wait' },
    ]);
  });

  it('ends a rejected deposit in red with its reason', () => {
    const rejected: FundingStepRow = {
      step: 'rejected',
      at: '2025-03-04 11:00:00',
      note: 'Blurred',
    };
    expect(depositTimeline({ status: 2, timeline: [submitted, rejected] })).toEqual([
      { key: 'funding.step_submitted', at: submitted.at, note: '', state: 'finish' },
      { key: 'funding.step_rejected', at: rejected.at, note: 'Blurred', state: 'error' },
    ]);
  });
});

describe('withdrawal views', () => {
  it('colours open, paid and rejected withdrawals', () => {
    expect([0, 1, 2, 3, 4].map(withdrawStatusColor)).toEqual([
      'warning',
      'warning',
      'primary',
      'success',
      'danger',
    ]);
  });

  it('adds the step each open status waits for', () => {
    const next = (status: number) =>
      withdrawTimeline({ status, timeline: [submitted] }).at(-1)?.key;
    expect(next(0)).toBe('funding.next_review');
    expect(next(1)).toBe('funding.next_second_approval');
    expect(next(2)).toBe('funding.next_transfer');
  });

  it('adds nothing after a paid or returned withdrawal, and shows the refusal in red', () => {
    const paid: FundingStepRow = { step: 'paid', at: '2025-03-05 09:00:00', note: 'TX-991' };
    const rejected: FundingStepRow = { step: 'rejected', at: '2025-03-05 09:00:00', note: 'Name' };
    const returned: FundingStepRow = { step: 'returned', at: '2025-03-05 09:00:00', note: '' };
    expect(withdrawTimeline({ status: 3, timeline: [submitted, paid] }).at(-1)).toEqual({
      key: 'funding.step_paid',
      at: paid.at,
      note: 'TX-991',
      state: 'finish',
    });
    expect(
      withdrawTimeline({ status: 4, timeline: [submitted, rejected, returned] }).map(
        (e) => e.state,
      ),
    ).toEqual(['finish', 'error', 'finish']);
  });
});
