/**
 * Exact decimal arithmetic on bigint. A value is an integer count of 10^-scale units; every
 * division names its rounding, and nothing passes through binary floating point.
 */

export type Rounding = 'half-up' | 'down' | 'up';

/** Parses "1.08512" at scale 5 into 108512n; refuses more decimals than the scale. */
export function parseDecimal(text: string, scale: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) throw new RangeError(`${text} has more than ${scale} decimals`);
  const value = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return sign ? -value : value;
}

/** Formats 108512n at scale 5 as "1.08512". */
export function formatDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** a / b rounded as named (b > 0 or b < 0; never 0). */
export function divide(a: bigint, b: bigint, rounding: Rounding): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const negative = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const quotient = x / y;
  const remainder = x % y;
  let magnitude = quotient;
  // 'up' and 'down' are away from and towards zero; 'half-up' rounds a half away from zero.
  switch (rounding) {
    case 'down':
      break;
    case 'up':
      if (remainder !== 0n) magnitude += 1n;
      break;
    case 'half-up':
      if (remainder * 2n >= y) magnitude += 1n;
      break;
    default:
      // A rounding the type does not name is a defect, never a silent 'down'.
      throw new RangeError(`unknown rounding ${JSON.stringify(rounding satisfies never)}`);
  }
  return negative ? -magnitude : magnitude;
}

/** Moves `value` from scale `from` to scale `to`, rounding as named when digits drop. */
export function rescale(value: bigint, from: number, to: number, rounding: Rounding): bigint {
  if (to >= from) return value * 10n ** BigInt(to - from);
  return divide(value, 10n ** BigInt(from - to), rounding);
}
