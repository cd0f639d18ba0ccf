import { describe, expect, it } from 'vitest';
import {
  asLots,
  asPricePoints,
  type Lots,
  type PricePoints,
  parseLots,
  parsePricePoints,
} from '../instruments/spec.ts';
import { marginMicros } from '../margin/margin.ts';
import { forexPair, rateFromUsdPair } from '../scenarios/fixtures.ts';
import { addMicros, asMicros, type Micros, parseMicros, sumMicros, ZERO_MICROS } from './micros.ts';

// The units are compile-time tags, so this file is mostly a type test: every line under a
// `@ts-expect-error` must fail to compile. tsconfig.test.json type-checks it in
// `npm run typecheck`, where an unneeded `@ts-expect-error` is itself an error — so a tag made
// optional or removed (any bigint a Micros again) fails the typecheck, not just a review.

const EURUSD = forexPair('EURUSD', 5, 'USD');

/** Sinks that accept one unit only. */
const takeMicros = (value: Micros): Micros => value;
const takePrice = (value: PricePoints): PricePoints => value;
const takeLots = (value: Lots): Lots => value;

describe('units of money, prices and lots', () => {
  it('do not mix at compile time', () => {
    const lots = parseLots('1');
    const price = parsePricePoints('1.08500', 5);
    const fee = parseMicros('0.5');

    // @ts-expect-error lots × price is a bare bigint at no scale, not money.
    const notional: Micros = lots * price;
    // @ts-expect-error a price is not money.
    takeMicros(price);
    // @ts-expect-error lots are not money.
    takeMicros(lots);
    // @ts-expect-error a bare literal has no unit until a constructor names it.
    takeMicros(1_000_000n);
    // @ts-expect-error a sum of micros is a bare bigint; addMicros keeps the unit.
    const total: Micros = fee + fee;
    // @ts-expect-error money is not a price.
    takePrice(fee);
    // @ts-expect-error lots are not a price.
    takePrice(lots);
    // @ts-expect-error a bare literal is not a price.
    takePrice(108_500n);
    // @ts-expect-error a price is not lots.
    takeLots(price);
    // @ts-expect-error a bare literal is not lots.
    takeLots(10_000n);
    // @ts-expect-error addMicros adds money only.
    addMicros(fee, lots);
    // @ts-expect-error price and lots swapped.
    marginMicros(EURUSD, 'buy', price, lots, 100, rateFromUsdPair('1.085', 5));
    // @ts-expect-error two units are never equal.
    expect(fee === price).toBe(false);

    // What does compile: each unit through its own constructor, money through the engine.
    expect([notional, total, takeLots(asLots(10_000n)), takePrice(asPricePoints(1n))]).toEqual([
      108_500n * 10_000n,
      1_000_000n,
      10_000n,
      1n,
    ]);
  });

  it('cost nothing at run time, and money from lots × price comes from the engine', () => {
    expect(asMicros(5n)).toBe(5n);
    expect(typeof ZERO_MICROS).toBe('bigint');
    expect(sumMicros([asMicros(1n), asMicros(2n)])).toBe(3n);
    // 1 lot × 100 000 × 1.08500 / 100 = 1 085 USD, rounded once by marginMicros.
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.08500', 5),
      100,
      rateFromUsdPair('1.08500', 5),
    );
    expect(margin).toBe(parseMicros('1085'));
    expect(addMicros(margin, parseMicros('0.5'))).toBe(1_085_500_000n);
  });
});
