import { divide, formatDecimal, parseDecimal } from './decimal.ts';

/** Money in storage and in the engine: an integer count of 10^-6 USD. */
export type Micros = bigint & { readonly __unit?: 'micro-usd' };

export const MICROS_SCALE = 6;
const ONE = 10n ** BigInt(MICROS_SCALE);

export function parseMicros(text: string): Micros {
  return parseDecimal(text, MICROS_SCALE);
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
