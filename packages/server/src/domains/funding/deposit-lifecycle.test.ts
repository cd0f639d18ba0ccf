import { DEPOSIT_STATUSES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { canApply } from '../../platform/core/lifecycle.ts';
import { DEPOSIT, type DepositState, depositStatus } from './deposit-lifecycle.ts';

describe('the deposit lifecycle', () => {
  it('names every status of the contract, each with its number', () => {
    for (const [state, code] of Object.entries(DEPOSIT_STATUSES)) {
      expect(depositStatus.codeOf(state as DepositState)).toBe(code);
      expect(depositStatus.stateOf(code)).toBe(state);
    }
    expect(() => depositStatus.stateOf(4)).toThrow('unknown status 4');
  });

  it('enters every state by some step, and decides only unchecked deposits', () => {
    const steps = Object.values(DEPOSIT);
    expect(new Set(steps.map((s) => s.to))).toEqual(new Set(depositStatus.states));
    expect(new Set(steps.flatMap((s) => s.from))).toEqual(new Set(['unchecked']));
  });

  it('refuses a step from a wrong state', () => {
    for (const state of ['finished', 'rejected', 'invalid'] as const) {
      expect(canApply(DEPOSIT.credit, state)).toBe(false);
      expect(canApply(DEPOSIT.reject, state)).toBe(false);
      expect(canApply(DEPOSIT.invalidate, state)).toBe(false);
    }
    expect(canApply(DEPOSIT.credit, 'unchecked')).toBe(true);
  });

  it('writes a ledger row only when it credits', () => {
    const credits = Object.values(DEPOSIT).filter((s) => 'ledger' in s);
    expect(credits.map((s) => [s.to, s.ledger])).toEqual([
      ['finished', 'deposit'],
      ['finished', 'deposit'],
    ]);
  });
});
