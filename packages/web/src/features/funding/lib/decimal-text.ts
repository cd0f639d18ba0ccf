import { parseDecimal, rescale } from '@tradedesk/engine';

/**
 * Amounts as the trader types them and as the wire carries them, turned into exact scaled
 * integers for the estimates. Display only: the server computes what is charged.
 */

/**
 * What an amount field keeps of the keys pressed: digits and one decimal point (a comma
 * counts as one, as phone keyboards in many languages offer it), at most `maxDecimals`
 * decimals and 12 integer digits (the contract's bound). Leading zeros collapse ("007" → "7").
 */
export function cleanAmountInput(text: string, maxDecimals: number): string {
  const kept = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const whole = (point < 0 ? kept : kept.slice(0, point)).replace(/^0+(?=\d)/, '').slice(0, 12);
  if (point < 0 || maxDecimals === 0) return whole;
  const fraction = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  return `${whole || '0'}.${fraction}`;
}

/**
 * The decimal text to send for a typed amount, or null when it is no positive amount
 * ("", "0", "0.00"). A trailing point is dropped ("5." → "5").
 */
export function amountToSend(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (!/^\d{1,12}(\.\d+)?$/.test(trimmed)) return null;
  return /[1-9]/.test(trimmed) ? trimmed : null;
}

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
