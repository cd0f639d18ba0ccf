/**
 * Prices inside the server are integer points: the price times 10^precision (EURUSD 1.08512
 * is 108512 at precision 5). Conversions go through decimal strings, never through
 * multiplication of binary floats.
 */
export function decimalToPoints(decimal: string, precision: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > precision)
    throw new Error(`${decimal} has more than ${precision} decimals`);
  const points = Number(`${whole}${fraction.padEnd(precision, '0')}`);
  return sign ? -points : points;
}

export function formatPoints(points: number, precision: number): string {
  const negative = points < 0;
  const digits = String(Math.abs(points)).padStart(precision + 1, '0');
  const text =
    precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
  return negative ? `-${text}` : text;
}

/** The wire number of a price: the double nearest to the exact decimal. */
export function pointsToNumber(points: number, precision: number): number {
  return Number(formatPoints(points, precision));
}
