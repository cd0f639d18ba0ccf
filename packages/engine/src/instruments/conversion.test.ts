import { describe, expect, it } from 'vitest';
import { formatMicros } from '../money/micros.ts';
import {
  conversionPairCodes,
  currencyRate,
  divideBy,
  multiplyBy,
  type Rate,
  toMicros,
  USD_RATE,
} from './conversion.ts';
import { asPricePoints } from './spec.ts';

/** Rates by pair code, as a market would answer them. */
const ratesOf =
  (rates: Record<string, Rate>) =>
  (code: string): Rate | undefined =>
    rates[code];

const rate = (bid: bigint, ask: bigint, precision: number): Rate => ({
  bidPoints: asPricePoints(bid),
  askPoints: asPricePoints(ask),
  precision,
});
const GBPUSD = rate(127_000n, 127_010n, 5);
const USDJPY = rate(150_000n, 150_010n, 3);

describe('a currency in USD, at both sides of the market', () => {
  it('is the identity for USD without asking for a rate', () => {
    const rateOf = () => {
      throw new Error('no rate is needed for USD');
    };
    expect(currencyRate('USD', rateOf)).toEqual(USD_RATE);
  });

  it('multiplies by an XXXUSD pair, its bid for the bid and its ask for the ask', () => {
    const gbp = currencyRate('GBP', ratesOf({ GBPUSD }));
    expect(gbp).toEqual({
      bid: multiplyBy(GBPUSD.bidPoints, 5),
      ask: multiplyBy(GBPUSD.askPoints, 5),
    });
    // 1 000 GBP at 1.27000 / 1.27010 is 1 270 / 1 270.10 USD.
    expect(formatMicros(toMicros(1_000n, 0, gbp.bid, 'half-up'))).toBe('1270.000000');
    expect(formatMicros(toMicros(1_000n, 0, gbp.ask, 'half-up'))).toBe('1270.100000');
  });

  it('divides by a USDXXX pair with the sides swapped: yen bid = 1 / USDJPY ask', () => {
    const jpy = currencyRate('JPY', ratesOf({ USDJPY }));
    expect(jpy).toEqual({ bid: divideBy(USDJPY.askPoints, 3), ask: divideBy(USDJPY.bidPoints, 3) });
    // 1 000 JPY at 150.000 is 6.666…67 USD, rounded once; at 150.010 a little less.
    expect(formatMicros(toMicros(1_000n, 0, jpy.ask, 'half-up'))).toBe('6.666667');
    expect(formatMicros(toMicros(1_000n, 0, jpy.bid, 'half-up'))).toBe('6.666222');
  });

  it('never has a bid above its ask', () => {
    for (const currency of ['GBP', 'JPY']) {
      const r = currencyRate(currency, ratesOf({ GBPUSD, USDJPY }));
      const bid = toMicros(10n ** 9n, 0, r.bid, 'down');
      const ask = toMicros(10n ** 9n, 0, r.ask, 'down');
      expect(bid < ask).toBe(true);
    }
  });

  it('asks only for the pairs conversionPairCodes names, in that order', () => {
    const asked: string[] = [];
    expect(() =>
      currencyRate('CHF', (code) => {
        asked.push(code);
        return undefined;
      }),
    ).toThrow(RangeError);
    expect(asked).toEqual(conversionPairCodes('CHF'));
    expect(asked).toEqual(['CHFUSD', 'USDCHF']);
    expect(conversionPairCodes('USD')).toEqual([]);
  });

  it('prefers the XXXUSD pair when both are listed', () => {
    const rates = ratesOf({ GBPUSD, USDGBP: rate(78_740n, 78_750n, 5) });
    expect(currencyRate('GBP', rates).bid).toEqual(multiplyBy(GBPUSD.bidPoints, 5));
  });

  it('refuses a currency with no rate, and a non-positive USDXXX price', () => {
    expect(() => currencyRate('CHF', ratesOf({ GBPUSD, USDJPY }))).toThrow(
      'no rate to convert CHF to USD',
    );
    expect(() => currencyRate('JPY', ratesOf({ USDJPY: rate(0n, 0n, 3) }))).toThrow(
      'a conversion price must be positive',
    );
  });
});
