/**
 * Source: Exness help centre, "What can close my orders automatically?" —
 * https://get.exness.help/hc/en-us/articles/4402645127186-What-can-close-my-orders-automatically
 *
 * What it publishes: margin level = equity / margin × 100 %. An account with USD 10 of margin
 * at an equity of USD 50 is at 500 %; losses bring equity to USD 6 (60 %), then USD 1 (10 %),
 * then USD 0 (0 %, Exness's stop out level there).
 *
 * Reproduced exactly: 500 %, 60 %, 10 % and 0 %. (Exness's stop out at 0 % is a broker setting
 * at the level's boundary; the close itself is not tested here.)
 */
import { describe, expect, it } from 'vitest';
import { accountFigures, parseMicros, subtractMicros, ZERO_MICROS } from '../../index.ts';

const margin = parseMicros('10');
/** The engine's balance: an illustrative 50 USD deposit (derived) less the margin. */
const balance = subtractMicros(parseMicros('50'), margin);
const levelAt = (equity: string) =>
  accountFigures({ balance, reserved: ZERO_MICROS }, [
    { id: 'p', margin, floatingPnl: subtractMicros(parseMicros(equity), parseMicros('50')) },
  ]).marginLevel;

describe('Exness: USD 10 of margin at equities of 50, 6, 1 and 0 USD', () => {
  it('shows margin levels of 500 %, 60 %, 10 % and 0 %', () => {
    expect(levelAt('50')).toBe(50_000n);
    expect(levelAt('6')).toBe(6_000n);
    expect(levelAt('1')).toBe(1_000n);
    expect(levelAt('0')).toBe(0n);
  });
});
