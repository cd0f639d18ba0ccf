/**
 * Sources:
 * - MetaTrader 5 help, "Types of orders" —
 *   http://www.metatrader5.com/en/terminal/help/trading/general_concept/order_types : a security
 *   is generally bought at the Ask and sold at the Bid; a Buy Limit buys at an Ask equal to or
 *   below the order's price, a Buy Stop at an Ask equal to or above it, a Sell Limit sells at a
 *   Bid equal to or above it;
 * - AvaFutures, "What are the order types in MetaTrader 5 (MT5)?" —
 *   https://support.avafutures.com/hc/en-us/articles/24069647355409-What-are-the-Order-Types-in-MetaTrader-5-MT5
 *   : a Sell Stop sells at a Bid equal to or below the order's price (the stored copy of the
 *   MetaQuotes page is cut off before its Sell Stop line).
 *
 * What is published is which quote each order type watches and in which direction — no money
 * figures. Reproduced exactly: the engine's `fillTrigger` watches the same side in the same
 * direction for all four. The EURUSD quote and targets are illustrative (derived, not published).
 */
import { describe, expect, it } from 'vitest';
import {
  closingPrice,
  createTriggerBook,
  fillTrigger,
  openingPrice,
  parsePricePoints,
} from '../../index.ts';

const price = (text: string) => parsePricePoints(text, 5);
/** Illustrative EURUSD quote (derived). */
const quote = { bid: price('1.08500'), ask: price('1.08508') };

describe('MT5 order types: which quote fills a pending order', () => {
  it('buys at the Ask and sells at the Bid at market', () => {
    expect(openingPrice('buy', quote)).toBe(quote.ask);
    expect(openingPrice('sell', quote)).toBe(quote.bid);
    expect(closingPrice('buy', quote)).toBe(quote.bid);
    expect(closingPrice('sell', quote)).toBe(quote.ask);
  });

  it('fills a Buy Limit (below the Ask) when the Ask is at or below its price', () => {
    expect(fillTrigger(1, 'buy', price('1.08400'), quote)).toEqual({
      key: '1:fill',
      side: 'ask',
      direction: 'at-or-below',
      level: price('1.08400'),
    });
  });

  it('fills a Buy Stop (above the Ask) when the Ask is at or above its price', () => {
    expect(fillTrigger(2, 'buy', price('1.08600'), quote)).toEqual({
      key: '2:fill',
      side: 'ask',
      direction: 'at-or-above',
      level: price('1.08600'),
    });
  });

  it('fills a Sell Limit (above the Bid) when the Bid is at or above its price', () => {
    expect(fillTrigger(3, 'sell', price('1.08600'), quote)).toEqual({
      key: '3:fill',
      side: 'bid',
      direction: 'at-or-above',
      level: price('1.08600'),
    });
  });

  it('fills a Sell Stop (below the Bid) when the Bid is at or below its price', () => {
    expect(fillTrigger(4, 'sell', price('1.08400'), quote)).toEqual({
      key: '4:fill',
      side: 'bid',
      direction: 'at-or-below',
      level: price('1.08400'),
    });
  });

  it('does not fill a Buy Limit when only the Bid reaches its price (derived ticks)', () => {
    const book = createTriggerBook();
    book.set(fillTrigger(1, 'buy', price('1.08400'), quote));
    // Bid at the target, Ask 0.8 pip above: no fill.
    expect(book.fire(price('1.08400'), price('1.08408'))).toEqual([]);
    // Ask at the target: the fill.
    expect(book.fire(price('1.08392'), price('1.08400')).map((t) => t.key)).toEqual(['1:fill']);
  });

  it('does not fill a Sell Stop when only the Ask falls to its price (derived ticks)', () => {
    const book = createTriggerBook();
    book.set(fillTrigger(4, 'sell', price('1.08400'), quote));
    expect(book.fire(price('1.08402'), price('1.08400'))).toEqual([]);
    expect(book.fire(price('1.08400'), price('1.08408')).map((t) => t.key)).toEqual(['4:fill']);
  });
});
