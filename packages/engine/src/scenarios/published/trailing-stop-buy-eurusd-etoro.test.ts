/**
 * Source: eToro, "Introducing Trailing Stop Loss" —
 * https://etoro.com/news-and-analysis/etoro-updates/introducing-trailing-stop-loss :
 * a Buy EUR/USD opened at 1.1000 with its stop loss at 1.0900 (100 pips) and the trailing stop
 * ticked. At 1.1001 the stop moves to 1.0901; at 1.1051 to 1.0951; back at 1.1020 it stays at
 * 1.0951; at 1.1120 it moves to 1.1020, locking in 20 pips.
 *
 * Published: the prices and the stop after each. Derived: the rates are the Bid (a buy's stop
 * loss is checked on the Bid), quoted to 5 decimals, with an illustrative 2-point spread.
 */
import { describe, expect, it } from 'vitest';
import {
  asPricePoints,
  NO_PRICE,
  parsePricePoints,
  type TrailingStop,
  trail,
} from '../../index.ts';

const price = (text: string) => parsePricePoints(text, 5);
const quoteAt = (bid: string) => ({ bid: price(bid), ask: asPricePoints(price(bid) + 2n) });

describe('eToro: a trailing stop follows a buy up, never down', () => {
  it('moves the stop 100 pips behind the best Bid, and holds it when the price turns', () => {
    // The distance is what lies between the opening rate and the stop when it is ticked.
    let trailing: TrailingStop = {
      distance: asPricePoints(price('1.10000') - price('1.09000')),
      activation: NO_PRICE,
      active: false,
    };
    let stopLoss = price('1.09000');
    const stops: bigint[] = [];
    for (const bid of ['1.10010', '1.10510', '1.10200', '1.11200']) {
      const after = trail('buy', trailing, stopLoss, quoteAt(bid));
      trailing = { ...trailing, active: after.active };
      stopLoss = after.stopLoss;
      stops.push(stopLoss);
    }
    expect(stops).toEqual(['1.09010', '1.09510', '1.09510', '1.10200'].map(price));
  });
});
