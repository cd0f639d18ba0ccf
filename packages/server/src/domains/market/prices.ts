import { asPricePoints, formatDecimal, type PricePoints, parseDecimal } from '@tradedesk/engine';

/**
 * Prices inside the server are integer points: the price times 10^precision (EURUSD 1.08512
 * is 108512 at precision 5). Points are JS numbers here (candles and quotes stay far below
 * 2^53); the decimal text is the engine's, so nothing passes through binary floats.
 */
export function decimalToPoints(decimal: string, precision: number): number {
  return Number(parseDecimal(decimal, precision));
}

/** Points of the feed and the quote board as the engine takes them: exact, and typed as a price. */
export function toPricePoints(points: number): PricePoints {
  return asPricePoints(BigInt(points));
}

/** The wire number of a price: the double nearest to the exact decimal. */
export function pointsToNumber(points: number, precision: number): number {
  return Number(formatDecimal(BigInt(points), precision));
}
