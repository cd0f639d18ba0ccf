import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import {
  approvalKind,
  depositActions,
  depositApprovalKind,
  isOwnFirstApproval,
  isOwnFirstDepositApproval,
  withdrawalActions,
} from './review-actions.ts';

describe('depositActions', () => {
  it('offers every decision on an unchecked deposit, none once decided', () => {
    expect(depositActions(DEPOSIT_STATUSES.unchecked)).toEqual(['approve', 'reject', 'invalid']);
    for (const status of [
      DEPOSIT_STATUSES.finished,
      DEPOSIT_STATUSES.rejected,
      DEPOSIT_STATUSES.invalid,
    ])
      expect(depositActions(status)).toEqual([]);
  });
});

describe('withdrawalActions', () => {
  it('follows the status', () => {
    expect(withdrawalActions(WITHDRAWAL_STATUSES.reviewing)).toEqual(['approve', 'reject']);
    expect(withdrawalActions(WITHDRAWAL_STATUSES.secondApproval)).toEqual(['approve', 'reject']);
    expect(withdrawalActions(WITHDRAWAL_STATUSES.approved)).toEqual(['paid']);
    expect(withdrawalActions(WITHDRAWAL_STATUSES.paid)).toEqual([]);
    expect(withdrawalActions(WITHDRAWAL_STATUSES.rejected)).toEqual([]);
    expect(withdrawalActions(9)).toEqual([]);
  });
});

describe('approvalKind', () => {
  it('tells a single approval from the first and the second of four eyes', () => {
    expect(approvalKind({ status: 0, needs_second: false })).toBe('single');
    expect(approvalKind({ status: 0, needs_second: true })).toBe('first');
    expect(approvalKind({ status: 1, needs_second: true })).toBe('second');
  });
});

describe('isOwnFirstApproval', () => {
  const waiting = { status: 1, approvals: [{ operator: 'ann@desk.example' }] };

  it('recognises the operator who approved first', () => {
    expect(isOwnFirstApproval(waiting, 'ann@desk.example')).toBe(true);
    expect(isOwnFirstApproval(waiting, 'bob@desk.example')).toBe(false);
  });

  it('only matters while a second approval is awaited', () => {
    expect(isOwnFirstApproval({ ...waiting, status: 2 }, 'ann@desk.example')).toBe(false);
  });
});

describe('depositApprovalKind', () => {
  it('tells a credit at once from the first and the second of four eyes', () => {
    expect(depositApprovalKind({ needs_second: false, first_approval: null })).toBe('single');
    expect(depositApprovalKind({ needs_second: true, first_approval: null })).toBe('first');
    const given = { operator: 'ann@desk.example' };
    expect(depositApprovalKind({ needs_second: true, first_approval: given })).toBe('second');
  });
});

describe('isOwnFirstDepositApproval', () => {
  const waiting = { status: 0, first_approval: { operator: 'ann@desk.example' } };

  it('recognises the operator who approved first, while the deposit waits', () => {
    expect(isOwnFirstDepositApproval(waiting, 'ann@desk.example')).toBe(true);
    expect(isOwnFirstDepositApproval(waiting, 'bob@desk.example')).toBe(false);
    expect(isOwnFirstDepositApproval({ ...waiting, status: 1 }, 'ann@desk.example')).toBe(false);
    expect(isOwnFirstDepositApproval({ status: 0, first_approval: null }, 'ann@desk.example')).toBe(
      false,
    );
  });
});
