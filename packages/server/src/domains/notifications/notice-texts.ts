import { formatDecimal, LOT_SCALE, type Micros, microsToCents } from '@tradedesk/engine';

/** A price at its instrument's precision, e.g. 1.08450. */
export const priceText = (points: bigint, precision: number): string =>
  formatDecimal(points, precision);

/** Lots without trailing zeros, e.g. 0.01. */
export const lotsText = (lots: bigint): string =>
  formatDecimal(lots, LOT_SCALE).replace(/\.?0+$/, '');

/** Money to the cent with its sign, e.g. +12.30, -0.45, 0.00 (as the app writes it). */
export function signedCents(value: Micros): string {
  const cents = microsToCents(value);
  const text = formatDecimal(cents < 0n ? -cents : cents, 2);
  return cents > 0n ? `+${text}` : cents < 0n ? `-${text}` : text;
}
