/**
 * Source: FX Pips Gainer, "Trading scenario: what happens if you trade with just $100" —
 * https://fxpipsgainer.com/trading-scenario-what-happens-if-you-trade-with-just-100/
 *
 * What it publishes: a $100 account opens a long EURUSD position of 0.01 lot whose required
 * margin is $10. Equity $100, used margin $10, free margin 100 − 10 = $90, margin level
 * 100 / 10 = 1 000 %. EURUSD then falls 200 pips for a floating loss of $20: equity $80, free
 * margin $70, margin level 800 % — still above the broker's 50 % stop out, so nothing is closed.
 *
 * Reproduced exactly: 100, 90, 1000 %, 80, 70, 800 %, and no stop-out. The page gives the
 * margin and the loss, not the prices: the test takes them as the page states them.
 */
import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  formatMicros,
  isBelowLevel,
  parseMicros,
  planStopOut,
  subtractMicros,
  ZERO_MICROS,
} from '../../index.ts';

const margin = parseMicros('10');
/** The engine's balance: the $100 less the margin in the position. */
const balance = subtractMicros(parseMicros('100'), margin);

describe('FX Pips Gainer: $100 account, 0.01 lot EURUSD with $10 of margin', () => {
  it('shows equity $100, free margin $90, margin level 1000 % at open', () => {
    const figures = accountFigures({ balance, reserved: ZERO_MICROS }, [
      { id: 'eurusd', margin, floatingPnl: ZERO_MICROS },
    ]);
    expect(formatMicros(figures.equity)).toBe('100.000000');
    expect(formatMicros(figures.freeMargin)).toBe('90.000000');
    expect(figures.marginLevel).toBe(100_000n);
  });

  it('shows equity $80, free margin $70, margin level 800 % after a $20 loss; no stop out', () => {
    const positions = [{ id: 'eurusd', margin, floatingPnl: parseMicros('-20') }];
    const figures = accountFigures({ balance, reserved: ZERO_MICROS }, positions);
    expect(formatMicros(figures.equity)).toBe('80.000000');
    expect(formatMicros(figures.freeMargin)).toBe('70.000000');
    expect(figures.marginLevel).toBe(80_000n);
    expect(isBelowLevel(figures, 5_000n)).toBe(false);
    expect(planStopOut(balance, positions, []).close).toEqual([]);
  });
});
