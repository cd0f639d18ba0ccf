import { parseDecimal, rescale } from '@tradedesk/engine';

/**
 * Amounts as the trader types them and as the wire carries them, turned into exact scaled
 * integers for the estimates. Display only: the server computes what is charged.
 */

/**
 * A number from the wire (made by the server from an exact decimal) as an integer at
 * `scale`: its shortest round-trip text, read exactly and rounded half up to the scale.
 * Exponent forms (1e-7) are expanded first.
 */
export function wireToScaled(value: number, scale: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  let text = String(value);
  if (/e/i.test(text)) text = value.toFixed(Math.min(100, scale + 2));
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length <= scale) return parseDecimal(text, scale);
  return rescale(parseDecimal(text, fraction.length), fraction.length, scale, 'half-up');
}

/**
 * A scaled integer's decimal text with trailing zeros dropped, keeping at least
 * `minDecimals`: 1500000n at 6 → "1.50"; 105000n at 6 → "0.105".
 */
export function formatScaled(value: bigint, scale: number, minDecimals = 2): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(Math.min(minDecimals, scale), '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A wire amount for display: exact at `scale`, trailing zeros dropped, two decimals kept. */
export function formatWireAmount(value: number, scale: number): string {
  try {
    return formatScaled(wireToScaled(value, scale), scale);
  } catch {
    return String(value);
  }
}
