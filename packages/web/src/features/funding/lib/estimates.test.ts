import { describe, expect, it } from 'vitest';
import { estimateDepositUsd, estimateWithdrawal } from './estimates.ts';

const FIXED = { fee_type: 1, draw_rate: 2, usd_price: 1 };
const RATE = { fee_type: 2, draw_rate: 0.001, usd_price: 1 };

describe('estimateWithdrawal (SPEC.md §9)', () => {
  it('fee_type 1: draw_rate is the fee in USD', () => {
    expect(estimateWithdrawal('100', FIXED)).toEqual({
      fee: '2.00',
      receive: '98.00',
      feeTakesAll: false,
    });
  });

  it('otherwise: the fee is amount × draw_rate', () => {
    expect(estimateWithdrawal('250', RATE)).toEqual({
      fee: '0.25',
      receive: '249.75',
      feeTakesAll: false,
    });
  });

  it('any fee_type other than 1 is a rate', () => {
    expect(estimateWithdrawal('250', { ...RATE, fee_type: 0 })?.fee).toBe('0.25');
  });

  it('converts what is left at usd_price, units of the currency per USD', () => {
    // 0.92 EUR per USD: (100 − 2) × 0.92.
    expect(estimateWithdrawal('100', { ...FIXED, usd_price: 0.92 })?.receive).toBe('90.16');
    // BTC at 0.0000153 per USD: (100 − 0.1) × 0.0000153 = 0.00152847.
    expect(
      estimateWithdrawal('100', { fee_type: 2, draw_rate: 0.001, usd_price: 0.0000153 })?.receive,
    ).toBe('0.00152847');
  });

  it('rounds the fee half up to micro-USD', () => {
    // 100.0005 × 0.001 = 0.1000005 → 0.100001.
    expect(estimateWithdrawal('100.0005', RATE)?.fee).toBe('0.100001');
    // 100.0004 × 0.001 = 0.1000004 → 0.1.
    expect(estimateWithdrawal('100.0004', RATE)?.fee).toBe('0.10');
  });

  it('rounds the receive amount down to 8 decimals', () => {
    // 99 × 0.333333333333 = 32.999999999967 → 32.99999999, never 33.
    expect(
      estimateWithdrawal('100', { ...FIXED, fee_type: 1, draw_rate: 1, usd_price: 0.333333333333 })
        ?.receive,
    ).toBe('32.99999999');
  });

  it('floors the receive amount at 0 when the fee is the amount or more', () => {
    expect(estimateWithdrawal('1', FIXED)).toEqual({
      fee: '2.00',
      receive: '0.00',
      feeTakesAll: true,
    });
    expect(estimateWithdrawal('2', FIXED)).toEqual({
      fee: '2.00',
      receive: '0.00',
      feeTakesAll: true,
    });
  });

  it('has no float drift: 0.1 + 0.2 style amounts stay exact', () => {
    // 0.3 × 0.1 would be 0.030000000000000002 in floating point.
    expect(estimateWithdrawal('0.3', { fee_type: 2, draw_rate: 0.1, usd_price: 1 })).toEqual({
      fee: '0.03',
      receive: '0.27',
      feeTakesAll: false,
    });
  });

  it('answers null while there is no amount', () => {
    expect(estimateWithdrawal('', FIXED)).toBeNull();
    expect(estimateWithdrawal('0', FIXED)).toBeNull();
    expect(estimateWithdrawal('0.1234567', FIXED)).toBeNull();
  });
});

describe('estimateDepositUsd', () => {
  it('credits amount × price_usd, rounded down to micro-USD', () => {
    expect(estimateDepositUsd('100', 1)).toBe('100.00');
    expect(estimateDepositUsd('0.015', 65000)).toBe('975.00');
    // 0.00000001 BTC × 65,000.5 = 0.000650005 → 0.00065.
    expect(estimateDepositUsd('0.00000001', 65000.5)).toBe('0.00065');
  });

  it('answers null while there is no amount', () => {
    expect(estimateDepositUsd('', 1)).toBeNull();
    expect(estimateDepositUsd('0.', 1)).toBeNull();
  });
});
