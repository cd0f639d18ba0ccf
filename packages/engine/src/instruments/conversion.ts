import { divide, type Rounding } from '../money/decimal.ts';
import { asMicros, MICROS_SCALE, type Micros } from '../money/micros.ts';
import type { PricePoints } from './spec.ts';

/**
 * How an amount in some currency becomes USD, as an exact ratio: identity for USD; JPY, CHF,
 * CAD divide by a USDxxx price; GBP, EUR multiply by a xxxUSD price.
 */
export interface Conversion {
  numerator: bigint;
  denominator: bigint;
}

export const IDENTITY: Conversion = { numerator: 1n, denominator: 1n };

/** USD per unit of the currency when the rate is quoted as XXXUSD (e.g. GBPUSD). */
export function multiplyBy(pricePoints: PricePoints, precision: number): Conversion {
  return { numerator: pricePoints, denominator: 10n ** BigInt(precision) };
}

/** USD per unit of the currency when the rate is quoted as USDXXX (e.g. USDJPY). */
export function divideBy(pricePoints: PricePoints, precision: number): Conversion {
  if (pricePoints <= 0n) throw new RangeError('a conversion price must be positive');
  return { numerator: 10n ** BigInt(precision), denominator: pricePoints };
}

/** Which side of a currency's USD price: what the market pays (bid) or asks (ask) for it. */
export type PriceSide = 'bid' | 'ask';

/**
 * A currency's value in USD at both sides of the market, as MetaTrader 5 converts with
 * them: the ask is the higher, the bid the lower (for USD both are 1).
 */
export interface CurrencyRate {
  bid: Conversion;
  ask: Conversion;
}

export const USD_RATE: CurrencyRate = { bid: IDENTITY, ask: IDENTITY };

/** A pair's current prices in points at its precision. */
export interface Rate {
  bidPoints: PricePoints;
  askPoints: PricePoints;
  precision: number;
}

/**
 * A currency → USD at the current market (DECISIONS.md, MT5's conversion rules): through the
 * XXXUSD pair at its own bid and ask, or, failing that, through the USDXXX pair, inverted.
 * Inverting swaps the sides: selling a unit of yen for dollars is buying dollars with yen,
 * so yen's bid in USD is 1 / USDJPY's ask and its ask 1 / USDJPY's bid (the synthetic
 * JPYUSD quote, whose ask is never below its bid).
 * `rateOf` answers a pair's code with its rate, or undefined when there is no such pair.
 * Throws when neither pair exists: every currency we list must be convertible.
 */
export function currencyRate(
  currency: string,
  rateOf: (code: string) => Rate | undefined,
): CurrencyRate {
  if (currency === 'USD') return USD_RATE;
  const [directCode, inverseCode] = conversionPairCodes(currency) as [string, string];
  const direct = rateOf(directCode);
  if (direct)
    return {
      bid: multiplyBy(direct.bidPoints, direct.precision),
      ask: multiplyBy(direct.askPoints, direct.precision),
    };
  const inverse = rateOf(inverseCode);
  if (inverse)
    return {
      bid: divideBy(inverse.askPoints, inverse.precision),
      ask: divideBy(inverse.bidPoints, inverse.precision),
    };
  throw new RangeError(`no rate to convert ${currency} to USD`);
}

/** The USD rates an instrument's money converts at (MT5): its margin currency's and its quote currency's. */
export interface MarketRates {
  /** The margin currency (the base currency of a forex pair) in USD. */
  margin: CurrencyRate;
  /** The quote (profit) currency in USD. */
  profit: CurrencyRate;
}

/** An instrument's {@link MarketRates} from the pairs `rateOf` answers (see {@link currencyRate}). */
export function marketRates(
  spec: { marginCurrency: string; quoteCurrency: string },
  rateOf: (code: string) => Rate | undefined,
): MarketRates {
  return {
    margin: currencyRate(spec.marginCurrency, rateOf),
    profit: currencyRate(spec.quoteCurrency, rateOf),
  };
}

/**
 * The pairs `currencyRate` may ask for, XXXUSD first: a reader of live quotes can watch
 * just these instead of the whole list. None for USD.
 */
export function conversionPairCodes(currency: string): readonly string[] {
  return currency === 'USD' ? [] : [`${currency}USD`, `USD${currency}`];
}

/** An exact amount of micro-USD as a ratio: numerator / denominator, the denominator > 0. */
export interface MicrosRatio {
  numerator: bigint;
  denominator: bigint;
}

/**
 * `amount / divisor` (an integer at `scale`, in the converted currency) in micro-USD as an
 * exact ratio, before any rounding.
 */
export function microsRatio(
  amount: bigint,
  scale: number,
  conversion: Conversion,
  divisor = 1n,
): MicrosRatio {
  const excess = scale - MICROS_SCALE;
  let numerator = amount * conversion.numerator;
  let denominator = conversion.denominator * divisor;
  if (excess >= 0) denominator *= 10n ** BigInt(excess);
  else numerator *= 10n ** BigInt(-excess);
  return { numerator, denominator };
}

/**
 * `amount / divisor` (an integer at `scale`, in the converted currency) in micro-USD, rounded
 * once, as named, after the conversion: no intermediate rounding anywhere.
 */
export function toMicros(
  amount: bigint,
  scale: number,
  conversion: Conversion,
  rounding: Rounding,
  divisor = 1n,
): Micros {
  const { numerator, denominator } = microsRatio(amount, scale, conversion, divisor);
  // The one place an amount of lots × price (× units) becomes money: after the division.
  return asMicros(divide(numerator, denominator, rounding));
}
