/**
 * Sources (MetaTrader help text as republished; the stored MetaTrader 5 help stops short of
 * its stop loss / take profit paragraph):
 * - Experts123, "When are Stop Loss and Take Profit orders executed?" —
 *   https://experts123.com/q/in-order-to-delete-stop-loss-or-take-profit-orders-specify-its-level-as-equal-to-zero-when-are-stop-loss-and-take-profit-orders-executed.html
 *   : the take profit of a Buy executes when the Bid reaches or exceeds its level, its stop
 *   loss when the Bid falls to or below it; the take profit of a Sell executes when the Ask
 *   falls to or below its level, its stop loss when the Ask reaches or exceeds it;
 * - ProfiForex, MetaTrader lesson 20 — https://www.profiforex.com/education/metatrader/20 :
 *   long positions are checked against the Bid, short positions against the Ask.
 *
 * What is published is the side and direction of each check — no money figures. Reproduced
 * exactly by `exitTriggers` and `checkStops`. The GBPUSD quote and levels are illustrative
 * (derived, not published).
 */
import { describe, expect, it } from 'vitest';
import { checkStops, createTriggerBook, exitTriggers, parsePricePoints } from '../../index.ts';

const price = (text: string) => parsePricePoints(text, 5);
/** Illustrative GBPUSD quote (derived). */
const bid = price('1.27000');
const ask = price('1.27020');

describe('MetaTrader: take profit and stop loss are checked on the closing side', () => {
  it('checks a Buy on the Bid: take profit at or above, stop loss at or below', () => {
    const tp = price('1.27500');
    const sl = price('1.26500');
    expect(checkStops('buy', bid, ask, tp, sl)).toEqual({ ok: true });
    expect(exitTriggers(7, 'buy', tp, sl)).toEqual([
      { key: '7:tp', side: 'bid', direction: 'at-or-above', level: tp },
      { key: '7:sl', side: 'bid', direction: 'at-or-below', level: sl },
    ]);
  });

  it('checks a Sell on the Ask: take profit at or below, stop loss at or above', () => {
    const tp = price('1.26500');
    const sl = price('1.27500');
    expect(checkStops('sell', bid, ask, tp, sl)).toEqual({ ok: true });
    expect(exitTriggers(8, 'sell', tp, sl)).toEqual([
      { key: '8:tp', side: 'ask', direction: 'at-or-below', level: tp },
      { key: '8:sl', side: 'ask', direction: 'at-or-above', level: sl },
    ]);
  });

  it('refuses stops on the wrong side of the closing price (derived)', () => {
    expect(checkStops('buy', bid, ask, price('1.26900'), price('1.26500'))).toEqual({
      ok: false,
      reason: 'TAKE_PROFIT_WRONG_SIDE',
    });
    expect(checkStops('sell', bid, ask, price('1.26500'), price('1.27010'))).toEqual({
      ok: false,
      reason: 'STOP_LOSS_WRONG_SIDE',
    });
  });

  it('fires a Sell’s take profit when the Ask, not the Bid, reaches it (derived ticks)', () => {
    const book = createTriggerBook();
    for (const trigger of exitTriggers(8, 'sell', price('1.26500'), price('1.27500'))) {
      book.set(trigger);
    }
    expect(book.fire(price('1.26500'), price('1.26520'))).toEqual([]);
    expect(book.fire(price('1.26480'), price('1.26500')).map((t) => t.key)).toEqual(['8:tp']);
  });
});
