import { divide, formatDecimal, parseDecimal } from './decimal.ts';
import type { Nominal } from './nominal.ts';

/** Money in storage and in the engine: an integer count of 10^-6 USD. */
export type Micros = Nominal<bigint, 'Micros'>;

export const MICROS_SCALE = 6;
const ONE = 10n ** BigInt(MICROS_SCALE);

/**
 * States that `value` is already an integer count of micro-USD (a database column, a sum of
 * micros, a test's literal). Lots × price is not: money made from lots and prices comes from
 * the margin, fee and P&L functions, which name their rounding.
 */
export function asMicros(value: bigint): Micros {
  return value as Micros;
}

/** No money: the start of a sum, an absent P&L. */
export const ZERO_MICROS: Micros = asMicros(0n);

// Sums and differences of micros are micros, but `a + b` of two tagged bigints is a bare
// bigint: these keep the unit through the arithmetic without a cast at each call site, and
// take nothing but micros (so lots or a price cannot be added to money).

/** a + b. */
export function addMicros(a: Micros, b: Micros): Micros {
  return asMicros(a + b);
}

/** a − b. */
export function subtractMicros(a: Micros, b: Micros): Micros {
  return asMicros(a - b);
}

/** −value: money leaving the balance, as a ledger entry signs it. */
export function negateMicros(value: Micros): Micros {
  return asMicros(-value);
}

/** Σ values (0 for none). */
export function sumMicros(values: Iterable<Micros>): Micros {
  let sum = 0n;
  for (const value of values) sum += value;
  return asMicros(sum);
}

export function parseMicros(text: string): Micros {
  return asMicros(parseDecimal(text, MICROS_SCALE));
}

export function formatMicros(value: Micros): string {
  return formatDecimal(value, MICROS_SCALE);
}

/** Rounds to whole cents (for showing a balance to 2 decimals), half up. */
export function microsToCents(value: Micros): bigint {
  return divide(value, ONE / 100n, 'half-up');
}

/** A number for the wire, produced from the exact decimal text. */
export function microsToNumber(value: Micros): number {
  return Number(formatMicros(value));
}
