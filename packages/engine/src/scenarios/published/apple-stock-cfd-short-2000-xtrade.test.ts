/**
 * Source: XTrade, "Trade with XTrade" (a worked short share CFD example) —
 * http://www.xtrade.eu/trading-info/trade-with-xtrade/
 *
 * What it publishes: a 17 000 USD deposit; selling 2 000 Apple CFDs at $100 is an exposure of
 * $200 000, taking an initial margin of 5 %, $10 000 (maintenance margin 2.5 %, $5 000); the
 * available balance is 17 000 − 10 000 = $7 000. At $103 the P&L is 2 000 × 100 − 2 000 × 103 =
 * −$6 000: $1 000 available, equity $11 000; closing there leaves a balance of $11 000. A take
 * profit at $90 would have made $20 000; a stop loss at $105 would have lost $10 000.
 *
 * Reproduced exactly: every figure above except the maintenance margin, which is not an engine
 * figure (the derived check below only confirms no close-out at $103). The page quotes one
 * price, used as bid and ask.
 */
import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  addMicros,
  checkStops,
  closeAt,
  exitTriggers,
  floatingPnl,
  formatMicros,
  isBelowLevel,
  type Market,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  sumMicros,
  ZERO_MICROS,
} from '../../index.ts';
import { USD_ONLY } from '../fixtures.ts';

const APPLE = specFromDecimals({
  id: 1,
  code: 'AAPL',
  precision: 2,
  lotStep: '1',
  minLots: '1',
  maxLots: '100000',
  contractSize: '1',
  feeRate: '0',
  marginMode: 0,
  // A 5 % initial margin is leverage 1:20.
  leverage: [20],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const price = (text: string) => parsePricePoints(text, 2);
const at = (text: string): Market => ({
  spec: APPLE,
  quote: { bid: price(text), ask: price(text) },
  rates: USD_ONLY,
  feeType: 2,
});

describe('XTrade: sell 2000 Apple CFDs at $100 from a $17 000 deposit', () => {
  const deposit = parseMicros('17000');
  const takeProfit = price('90');
  const stopLoss = price('105');
  const opened = openAtMarket({ balance: deposit, freeMargin: deposit }, at('100'), {
    side: 'sell',
    lots: parseLots('2000'),
    leverage: 20,
    takeProfit,
    stopLoss,
  });
  if (!opened.ok) throw new Error(opened.reason);
  const { position } = opened;
  const balance = addMicros(deposit, sumMicros(opened.ledger.map((entry) => entry.amount)));

  it('takes $10 000 of initial margin and leaves $7 000 available', () => {
    expect(formatMicros(position.margin)).toBe('10000.000000');
    expect(formatMicros(balance)).toBe('7000.000000');
    const figures = accountFigures({ balance, reserved: ZERO_MICROS }, [
      { id: 'apple', margin: position.margin, floatingPnl: ZERO_MICROS },
    ]);
    expect(formatMicros(figures.freeMargin)).toBe('7000.000000');
  });

  it('floats −$6 000 at $103: $1 000 available, equity $11 000', () => {
    const pnl = floatingPnl(position, at('103'));
    expect(formatMicros(pnl)).toBe('-6000.000000');
    const figures = accountFigures({ balance, reserved: ZERO_MICROS }, [
      { id: 'apple', margin: position.margin, floatingPnl: pnl },
    ]);
    expect(formatMicros(figures.freeMargin)).toBe('1000.000000');
    expect(formatMicros(figures.equity)).toBe('11000.000000');
    // Derived, not published: $11 000 of equity is well above the $5 000 maintenance margin
    // (50 % of the initial margin), so no close-out.
    expect(isBelowLevel(figures, 5_000n)).toBe(false);
  });

  it('leaves a balance of $11 000 closed at $103', () => {
    const closed = closeAt(position, at('103'), price('103'));
    const after = addMicros(balance, sumMicros(closed.ledger.map((entry) => entry.amount)));
    expect(formatMicros(after)).toBe('11000.000000');
  });

  it('would make $20 000 at the $90 take profit and lose $10 000 at the $105 stop loss', () => {
    // A short's take profit is below the price, its stop loss above, both watched on the ask.
    expect(checkStops('sell', price('100'), price('100'), takeProfit, stopLoss)).toEqual({
      ok: true,
    });
    expect(exitTriggers(1, 'sell', takeProfit, stopLoss)).toEqual([
      { key: '1:tp', side: 'ask', direction: 'at-or-below', level: takeProfit },
      { key: '1:sl', side: 'ask', direction: 'at-or-above', level: stopLoss },
    ]);
    expect(formatMicros(closeAt(position, at('90'), takeProfit).pnl)).toBe('20000.000000');
    expect(formatMicros(closeAt(position, at('105'), stopLoss).pnl)).toBe('-10000.000000');
  });
});
