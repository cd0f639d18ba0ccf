import { asPricePoints, checkStops, NO_PRICE } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import { resideLevel, startLevel, stopReference } from './stop-levels.ts';

const points = (n: number) => asPricePoints(BigInt(n));
// EURUSD 1.08500 / 1.08508 at 5 decimals.
const bid = points(108500);
const ask = points(108508);

describe('where a stop starts', () => {
  it('is judged against the bid for a market buy, the ask for a sell, the target when pending', () => {
    expect(stopReference({ side: 'buy', bid, ask, target: null })).toBe(bid);
    expect(stopReference({ side: 'sell', bid, ask, target: null })).toBe(ask);
    expect(stopReference({ side: 'sell', bid, ask, target: points(100000) })).toBe(100000n);
  });

  it('is 1 % of the price away, on the side the server accepts', () => {
    // 1 % of the price, rounded up to a point: 0.01085 from the bid, 0.01086 from the ask.
    expect(startLevel('stopLoss', 'buy', bid, 5)).toBe('1.07415');
    expect(startLevel('takeProfit', 'buy', bid, 5)).toBe('1.09585');
    expect(startLevel('stopLoss', 'sell', ask, 5)).toBe('1.09594');
    expect(startLevel('takeProfit', 'sell', ask, 5)).toBe('1.07422');
    // Bitcoin at 2 decimals: 1 % of 60 000.00 is 600.00, not a few cents.
    expect(startLevel('stopLoss', 'buy', points(6000000), 2)).toBe('59400.00');
    // A price of a few points still starts a point away, never at the price.
    expect(startLevel('takeProfit', 'sell', points(3), 2)).toBe('0.02');
  });

  it('passes the engine check the server runs, for both sides', () => {
    const level = (text: string) => points(Math.round(Number(text) * 1e5));
    for (const side of ['buy', 'sell'] as const) {
      const reference = stopReference({ side, bid, ask, target: null });
      const sl = level(startLevel('stopLoss', side, reference, 5));
      const tp = level(startLevel('takeProfit', side, reference, 5));
      expect(checkStops(side, bid, ask, tp, sl)).toEqual({ ok: true });
      expect(checkStops(side, bid, ask, tp, NO_PRICE)).toEqual({ ok: true });
    }
  });
});

describe('a stop when the direction changes', () => {
  const buy = { side: 'buy' as const, reference: bid };
  const sell = { side: 'sell' as const, reference: ask };

  it('moves to the other side, keeping its distance from the price', () => {
    // A buy's stop loss 50 points under the bid becomes a sell's 50 points over the ask.
    expect(resideLevel('stopLoss', '1.08450', buy, sell, 5)).toBe('1.08558');
    expect(resideLevel('takeProfit', '1.08700', buy, sell, 5)).toBe('1.08308');
    expect(resideLevel('stopLoss', '1.08558', sell, buy, 5)).toBe('1.08450');
  });

  it('starts afresh where the level is not a price, is the price, or would go below 0', () => {
    expect(resideLevel('stopLoss', '', buy, sell, 5)).toBe('1.09594');
    expect(resideLevel('stopLoss', '1.08500', buy, sell, 5)).toBe('1.09594');
    expect(resideLevel('takeProfit', '3.00000', buy, sell, 5)).toBe('1.07422');
  });
});
