import { describe, expect, it } from 'vitest';
import { findFundsProblem, signedFundsAmount } from './funds-draft.ts';

describe('adding to and taking back from a copy', () => {
  const limits = { freeBalance: 1000, copyEquity: 480 };

  it('asks for an amount either way', () => {
    expect(findFundsProblem('add', '', limits)?.key).toBe('copy.amount_required');
    expect(findFundsProblem('take-back', '0', limits)?.key).toBe('copy.amount_required');
  });

  it('adds at most the free balance', () => {
    expect(findFundsProblem('add', '1000', limits)).toBeNull();
    expect(findFundsProblem('add', '1000.01', limits)?.key).toBe('copy.amount_over_balance');
  });

  it('takes back at most what leaves 100 USD of equity in the copy', () => {
    expect(findFundsProblem('take-back', '380', limits)).toBeNull();
    expect(findFundsProblem('take-back', '380.01', limits)).toEqual({
      key: 'copy.take_back_too_much',
      values: { min: 100 },
    });
  });

  it('signs the amount add_funds takes: positive adds, negative takes back', () => {
    expect(signedFundsAmount('add', '250')).toBe('250');
    expect(signedFundsAmount('take-back', '250.5')).toBe('-250.5');
    expect(() => signedFundsAmount('add', '')).toThrow();
  });
});
