import {
  CURRENCY_AMOUNT_DECIMALS,
  FUNDING_RATE_DECIMALS,
  USD_AMOUNT_DECIMALS,
} from '@tradedesk/contract';
import { asMicros, formatDecimal, type Micros, parseDecimal } from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * Funding's three units, all exact integers: USD in micros (10^-6), an amount of another
 * currency in 10^-8 of it, prices and rates in 10^-12. Amounts arrive as the decimal text the
 * contract keeps (trailing zeros dropped) and leave as numbers made from exact text.
 */

/** The decimals a text carries ("12.50" arrives as "12.5": 1). */
function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A positive amount of at most `decimals` decimals at that scale, or AMOUNT_INVALID. */
function positiveAmount(text: string, decimals: number): bigint {
  if (decimalsOf(text) > decimals) throw new AppError('AMOUNT_INVALID', { decimals });
  const value = parseDecimal(text, decimals);
  if (value <= 0n) throw new AppError('AMOUNT_INVALID', { decimals });
  return value;
}

/** A deposit's number in its currency, at 10^-8. */
export const parseCurrencyAmount = (text: string): bigint =>
  positiveAmount(text, CURRENCY_AMOUNT_DECIMALS);

/** A withdrawal's number in USD, as micros. */
export const parseUsdAmount = (text: string): Micros =>
  asMicros(positiveAmount(text, USD_AMOUNT_DECIMALS));

/** A configured value (price, rate, minimum) at `decimals`, ≥ 0; INVALID_SETTING names the field. */
export function parseSetting(text: string, decimals: number, field: string): bigint {
  if (decimalsOf(text) > decimals) throw new AppError('INVALID_SETTING', { field });
  return parseDecimal(text, decimals);
}

export const CURRENCY_SCALE = CURRENCY_AMOUNT_DECIMALS;
export const RATE_SCALE = FUNDING_RATE_DECIMALS;
export const USD_SCALE = USD_AMOUNT_DECIMALS;

/** Exact decimal text with trailing zeros dropped: "65000", "0.005". */
export function decimalText(value: bigint, scale: number): string {
  const text = formatDecimal(value, scale);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A number for the wire, produced from the exact decimal text. */
export const wireNumber = (value: bigint, scale: number): number =>
  Number(decimalText(value, scale));
