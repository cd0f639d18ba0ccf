/**
 * Source: Bybit Help Center, "What is a trailing stop / trailing profit?" —
 * https://help.bybit.com/hc/en-us/articles/360039260514 :
 * - a long BTCUSD position opened at 8 000 with a trailing distance of 500: while the last
 *   price never exceeds 8 000 the stop stays at 7 500; when it moves to 9 000 the stop moves up
 *   to 8 500;
 * - with an activation price: last price 7 000, a long position, activation 8 000 and
 *   distance 100 — when the last price reaches 8 000 the stop is placed at 8 000 − 100 = 7 900;
 *   without an activation price the trailing stop is in effect at once.
 *
 * Published: the prices and stops. Derived: here a long position follows its Bid (the side it
 * closes on) rather than Bybit's last traded price; the quotes below have Bid = the published
 * price, to 2 decimals, and an illustrative 50-cent spread.
 */
import { describe, expect, it } from 'vitest';
import { asPricePoints, NO_PRICE, parsePricePoints, trail } from '../../index.ts';

const price = (text: string) => parsePricePoints(text, 2);
const quoteAt = (bid: string) => ({ bid: price(bid), ask: asPricePoints(price(bid) + 50n) });

describe('Bybit: a trailing stop, at once or from an activation price', () => {
  it('stays at 7 500 below 8 000 and moves to 8 500 at 9 000 (distance 500)', () => {
    const trailing = { distance: price('500'), activation: NO_PRICE, active: true };
    const opened = price('7500');
    expect(trail('buy', trailing, opened, quoteAt('7900')).stopLoss).toBe(opened);
    expect(trail('buy', trailing, opened, quoteAt('8000')).stopLoss).toBe(opened);
    expect(trail('buy', trailing, opened, quoteAt('9000'))).toEqual({
      stopLoss: price('8500'),
      active: true,
      moved: true,
    });
  });

  it('places nothing until the price reaches 8 000, then the stop at 7 900 (distance 100)', () => {
    const waiting = { distance: price('100'), activation: price('8000'), active: false };
    expect(trail('buy', waiting, NO_PRICE, quoteAt('7000'))).toEqual({
      stopLoss: NO_PRICE,
      active: false,
      moved: false,
    });
    expect(trail('buy', waiting, NO_PRICE, quoteAt('7999.99')).moved).toBe(false);
    expect(trail('buy', waiting, NO_PRICE, quoteAt('8000'))).toEqual({
      stopLoss: price('7900'),
      active: true,
      moved: true,
    });
    // Active once reached: it follows from there even if the price falls back below 8 000.
    const started = { ...waiting, active: true };
    expect(trail('buy', started, price('7900'), quoteAt('7950')).stopLoss).toBe(price('7900'));
    expect(trail('buy', started, price('7900'), quoteAt('8100')).stopLoss).toBe(price('8000'));
  });
});
