import { describe, expect, it } from 'vitest';
import { parseLots } from '../instruments/spec.ts';
import { parseDecimal } from '../money/decimal.ts';
import { formatMicros, parseMicros } from '../money/micros.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import { feeMicros } from './fee.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');

describe('feeMicros (SPEC.md §9: type 1 lots × rate, otherwise margin × rate)', () => {
  it('rounds a per-lot fee half up to the micro-dollar', () => {
    // 0.01 lot × 0.00005 USD a lot = 0.0000005 USD: half a micro-dollar → 0.000001.
    const perLot = { ...EURUSD, feeRate: parseDecimal('0.00005', 8) };
    expect(formatMicros(feeMicros(perLot, parseLots('0.01'), parseMicros('0'), 1))).toBe(
      '0.000001',
    );
    // 0.01 lot × 0.00004 = 0.0000004: below half → 0.
    const lower = { ...EURUSD, feeRate: parseDecimal('0.00004', 8) };
    expect(formatMicros(feeMicros(lower, parseLots('0.01'), parseMicros('0'), 1))).toBe('0.000000');
  });

  it('charges a margin-rate fee on the margin, whatever the lots', () => {
    expect(formatMicros(feeMicros(EURUSD, parseLots('7'), parseMicros('2000'), 2))).toBe(
      '1.000000',
    );
  });
});
