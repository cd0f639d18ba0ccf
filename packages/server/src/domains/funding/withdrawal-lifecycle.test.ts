import { OPEN_WITHDRAWAL_STATUSES, WITHDRAWAL_STATUSES } from '@tradedesk/contract';
import { asMicros } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import { canApply } from '../../platform/core/lifecycle.ts';
import {
  finalApprovalFrom,
  OPEN_WITHDRAWAL_STATES,
  postWithdrawalStep,
  WITHDRAWAL,
  type WithdrawalState,
  withdrawalStatus,
} from './withdrawal-lifecycle.ts';

const steps = Object.values(WITHDRAWAL);

describe('the withdrawal lifecycle', () => {
  it('names every status of the contract, each with its number', () => {
    for (const [state, code] of Object.entries(WITHDRAWAL_STATUSES)) {
      expect(withdrawalStatus.codeOf(state as WithdrawalState)).toBe(code);
      expect(withdrawalStatus.stateOf(code)).toBe(state);
    }
    expect(() => withdrawalStatus.stateOf(5)).toThrow('unknown status 5');
    expect(withdrawalStatus.codesOf(OPEN_WITHDRAWAL_STATES)).toEqual(OPEN_WITHDRAWAL_STATUSES);
  });

  it('enters every state by some step, and leaves none of paid or rejected', () => {
    expect(new Set(steps.map((s) => s.to))).toEqual(new Set(withdrawalStatus.states));
    const left = new Set<WithdrawalState>(steps.flatMap((s) => s.from));
    expect(left.has('paid') || left.has('rejected')).toBe(false);
  });

  it('refuses a step from a wrong state', () => {
    expect(canApply(WITHDRAWAL.reject, 'reviewing')).toBe(true);
    expect(canApply(WITHDRAWAL.reject, 'approved')).toBe(false);
    expect(canApply(WITHDRAWAL.paid, 'reviewing')).toBe(false);
    expect(canApply(WITHDRAWAL.secondApproval, 'reviewing')).toBe(false);
    expect(finalApprovalFrom('reviewing')).toBe(WITHDRAWAL.approve);
    expect(finalApprovalFrom('secondApproval')).toBe(WITHDRAWAL.secondApproval);
    expect(finalApprovalFrom('approved')).toBeUndefined();
  });

  it('holds the amount at request and lets it go at payout or rejection', () => {
    const posted: unknown[] = [];
    const ctx = { post: (...args: unknown[]) => posted.push(args) };
    const amount = asMicros(5_000_000n);
    for (const step of [WITHDRAWAL.request, WITHDRAWAL.approve, WITHDRAWAL.reject, WITHDRAWAL.paid])
      postWithdrawalStep(ctx, step, 9, amount);
    expect(posted).toEqual([
      [[{ kind: 'withdraw-hold', amount: -5_000_000n }], { fundingId: 9 }, 5_000_000n],
      [[{ kind: 'withdraw-payout', amount: 0n }], { fundingId: 9 }, -5_000_000n],
      [[{ kind: 'withdraw-return', amount: 5_000_000n }], { fundingId: 9 }, -5_000_000n],
    ]);
  });
});
