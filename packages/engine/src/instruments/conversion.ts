import { divide, type Rounding } from '../money/decimal.ts';
import { asMicros, MICROS_SCALE, type Micros } from '../money/micros.ts';
import type { PricePoints } from './spec.ts';

/**
 * How an amount in an instrument's quote currency becomes USD (DECISIONS.md), as an exact
 * ratio: identity for USD; JPY, CHF, CAD divide by the USDxxx price; GBP multiplies by the
 * GBPUSD price.
 */
export interface Conversion {
  numerator: bigint;
  denominator: bigint;
}

export const IDENTITY: Conversion = { numerator: 1n, denominator: 1n };

/** USD per unit of the quote currency when the rate is quoted as XXXUSD (e.g. GBPUSD). */
export function multiplyBy(pricePoints: PricePoints, precision: number): Conversion {
  return { numerator: pricePoints, denominator: 10n ** BigInt(precision) };
}

/** USD per unit of the quote currency when the rate is quoted as USDXXX (e.g. USDJPY). */
export function divideBy(pricePoints: PricePoints, precision: number): Conversion {
  if (pricePoints <= 0n) throw new RangeError('a conversion price must be positive');
  return { numerator: 10n ** BigInt(precision), denominator: pricePoints };
}

/** A pair's current rate: its bid in points at its precision. */
export interface Rate {
  bidPoints: PricePoints;
  precision: number;
}

/**
 * Quote currency → USD at the current rate (DECISIONS.md): identity for USD, otherwise through
 * the XXXUSD pair (multiply) or, failing that, the USDXXX pair (divide), at its bid.
 * `rateOf` answers a pair's code with its rate, or undefined when there is no such pair.
 * Throws when neither pair exists: every quote currency we list must be convertible.
 */
export function conversionFor(
  quoteCurrency: string,
  rateOf: (code: string) => Rate | undefined,
): Conversion {
  if (quoteCurrency === 'USD') return IDENTITY;
  const [directCode, inverseCode] = conversionPairCodes(quoteCurrency) as [string, string];
  const direct = rateOf(directCode);
  if (direct) return multiplyBy(direct.bidPoints, direct.precision);
  const inverse = rateOf(inverseCode);
  if (inverse) return divideBy(inverse.bidPoints, inverse.precision);
  throw new RangeError(`no rate to convert ${quoteCurrency} to USD`);
}

/**
 * The pairs `conversionFor` may ask for, XXXUSD first: a reader of live quotes can watch
 * just these instead of the whole list. None for USD.
 */
export function conversionPairCodes(quoteCurrency: string): readonly string[] {
  return quoteCurrency === 'USD' ? [] : [`${quoteCurrency}USD`, `USD${quoteCurrency}`];
}

/**
 * `amount / divisor` (an integer at `scale`, in the quote currency) in micro-USD, rounded
 * once, as named, after the conversion: no intermediate rounding anywhere.
 */
export function toMicros(
  amount: bigint,
  scale: number,
  conversion: Conversion,
  rounding: Rounding,
  divisor = 1n,
): Micros {
  const excess = scale - MICROS_SCALE;
  let numerator = amount * conversion.numerator;
  let denominator = conversion.denominator * divisor;
  if (excess >= 0) denominator *= 10n ** BigInt(excess);
  else numerator *= 10n ** BigInt(-excess);
  // The one place an amount of lots × price (× units) becomes money: after the division.
  return asMicros(divide(numerator, denominator, rounding));
}
