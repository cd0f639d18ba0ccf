import { describe, expect, it } from 'vitest';
import { formatMicros } from '../money/micros.ts';
import {
  conversionFor,
  conversionPairCodes,
  divideBy,
  IDENTITY,
  multiplyBy,
  type Rate,
  toMicros,
} from './conversion.ts';
import { asPricePoints } from './spec.ts';

/** Rates by pair code, as a market would answer them. */
const ratesOf =
  (rates: Record<string, Rate>) =>
  (code: string): Rate | undefined =>
    rates[code];

const GBPUSD: Rate = { bidPoints: asPricePoints(127_000n), precision: 5 };
const USDJPY: Rate = { bidPoints: asPricePoints(150_000n), precision: 3 };

describe('quote currency to USD', () => {
  it('is the identity for USD without asking for a rate', () => {
    const rateOf = () => {
      throw new Error('no rate is needed for USD');
    };
    expect(conversionFor('USD', rateOf)).toEqual(IDENTITY);
  });

  it('multiplies by an XXXUSD bid', () => {
    const conversion = conversionFor('GBP', ratesOf({ GBPUSD }));
    expect(conversion).toEqual(multiplyBy(GBPUSD.bidPoints, 5));
    // 1 000 GBP at 1.27000 is 1 270 USD.
    expect(formatMicros(toMicros(1_000n, 0, conversion, 'half-up'))).toBe('1270.000000');
  });

  it('divides by a USDXXX bid', () => {
    const conversion = conversionFor('JPY', ratesOf({ USDJPY }));
    expect(conversion).toEqual(divideBy(USDJPY.bidPoints, 3));
    // 1 000 JPY at 150.000 is 6.666…67 USD, rounded once.
    expect(formatMicros(toMicros(1_000n, 0, conversion, 'half-up'))).toBe('6.666667');
  });

  it('asks only for the pairs conversionPairCodes names, in that order', () => {
    const asked: string[] = [];
    expect(() =>
      conversionFor('CHF', (code) => {
        asked.push(code);
        return undefined;
      }),
    ).toThrow(RangeError);
    expect(asked).toEqual(conversionPairCodes('CHF'));
    expect(asked).toEqual(['CHFUSD', 'USDCHF']);
    expect(conversionPairCodes('USD')).toEqual([]);
  });

  it('prefers the XXXUSD pair when both are listed', () => {
    const rates = ratesOf({ GBPUSD, USDGBP: { bidPoints: asPricePoints(78_740n), precision: 5 } });
    expect(conversionFor('GBP', rates)).toEqual(multiplyBy(GBPUSD.bidPoints, 5));
  });

  it('refuses a currency with no rate, and a non-positive USDXXX bid', () => {
    expect(() => conversionFor('CHF', ratesOf({ GBPUSD, USDJPY }))).toThrow(RangeError);
    expect(() =>
      conversionFor('JPY', ratesOf({ USDJPY: { bidPoints: asPricePoints(0n), precision: 3 } })),
    ).toThrow(RangeError);
  });
});
