import { describe, expect, it } from 'vitest';
import { formatMicros, parseMicros } from '../money/micros.ts';
import { isBelowLevel } from './account-figures.ts';
import { depositToRestore } from './deposit-to-restore.ts';

const figures = (equity: string, usedMargin: string) => ({
  equity: parseMicros(equity),
  usedMargin: parseMicros(usedMargin),
});
const HUNDRED = 10_000n;

describe('the deposit that restores a margin level', () => {
  it('is what the equity lacks of level × used margin (DailyForex: 6 000 over 6 500 USD)', () => {
    // DailyForex's GBPUSD scenario after the 400-pip drop: equity 6 000, margin 6 500 USD (the
    // engine's margin at open): 92.3 %, so 500 USD restores 100 %, 3 250 USD is the 50 % line.
    expect(formatMicros(depositToRestore(figures('6000', '6500'), HUNDRED))).toBe('500.000000');
    expect(formatMicros(depositToRestore(figures('6000', '6500'), 5_000n))).toBe('0.000000');
    // The page's own recomputed margin of 6 300 USD: 300 USD.
    expect(formatMicros(depositToRestore(figures('6000', '6300'), HUNDRED))).toBe('300.000000');
  });

  it('rounds up to the cent, and after it the level is no longer below', () => {
    const account = figures('45615.594321', '48825.123457');
    const deposit = depositToRestore(account, HUNDRED);
    expect(formatMicros(deposit)).toBe('3209.530000');
    const after = { ...account, equity: parseMicros('45615.594321') + deposit };
    expect(isBelowLevel(after as never, HUNDRED)).toBe(false);
    const short = { ...account, equity: after.equity - parseMicros('0.01') };
    expect(isBelowLevel(short as never, HUNDRED)).toBe(true);
  });

  it('is zero at or above the level, and without positions', () => {
    expect(depositToRestore(figures('6500', '6500'), HUNDRED)).toBe(0n);
    expect(depositToRestore(figures('100', '0'), HUNDRED)).toBe(0n);
  });
});
