/**
 * Prices, rates and limits of funding travel as exact decimal text ("0.000010500000"): the
 * forms edit them as text and only ever compare or pad them as text, so that what an operator
 * saves is exactly what is stored — no trip through a float that would turn 0.1 + 0.2 into
 * 0.30000000000000004 or 1e-7 into "1e-7".
 */

/**
 * The plain decimals the contract's decimalField accepts (contract/src/http/fields.ts): up to
 * 12 integer digits and up to 18 written decimals, no sign, no exponent, no grouping.
 */
const PLAIN_DECIMAL = /^(\d{1,12})(?:\.(\d{1,18}))?$/;

export interface DecimalRule {
  /** Most significant decimals (trailing zeros do not count, as on the server). */
  maxDecimals: number;
  /** Zero refused: a price of 0 would credit or pay nothing. */
  positive?: boolean;
}

/** The integer digits and the significant decimals of plain decimal text; null if it is none. */
function parts(text: string): { whole: string; fraction: string } | null {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return { whole, fraction };
}

export function isPlainDecimal(text: string): boolean {
  return parts(text) !== null;
}

export function isZeroDecimal(text: string): boolean {
  const p = parts(text);
  return p !== null && p.whole === '0' && p.fraction === '';
}

/** What is wrong with a typed decimal, in words; undefined when it is fine. */
export function decimalProblem(text: string, rule: DecimalRule): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter a number';
  const p = parts(trimmed);
  if (!p) {
    return /^\d{13,}(\.\d*)?$/.test(trimmed)
      ? 'At most 12 digits before the decimal point'
      : 'Digits with an optional decimal point, e.g. 12.5 (no sign, comma or exponent)';
  }
  if (p.fraction.length > rule.maxDecimals) return `At most ${rule.maxDecimals} decimals`;
  if (rule.positive && isZeroDecimal(trimmed)) return 'Must be more than 0';
  return undefined;
}

/** Compares two plain decimal texts exactly: negative, 0 or positive like a sort comparator. */
export function compareDecimals(a: string, b: string): number {
  const x = parts(a.trim());
  const y = parts(b.trim());
  if (!x || !y) throw new Error(`not plain decimals: "${a}", "${b}"`);
  if (x.whole.length !== y.whole.length) return x.whole.length - y.whole.length;
  if (x.whole !== y.whole) return x.whole < y.whole ? -1 : 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const fx = x.fraction.padEnd(width, '0');
  const fy = y.fraction.padEnd(width, '0');
  return fx === fy ? 0 : fx < fy ? -1 : 1;
}

/**
 * Decimal text with at least `digits` decimals, by appending zeros: "250" → "250.000000" at 6.
 * Longer fractions and text that is no plain decimal are left as they are — never rounded.
 */
export function padDecimals(text: string, digits: number): string {
  if (!PLAIN_DECIMAL.test(text)) return text;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length >= digits) return text;
  return `${whole}.${fraction.padEnd(digits, '0')}`;
}

/** A maximum of "0" means none; any other must not be below the minimum. */
export function maxBelowMinProblem(min: string, max: string): string | undefined {
  const [low, high] = [min.trim(), max.trim()];
  if (!isPlainDecimal(low) || !isPlainDecimal(high) || isZeroDecimal(high)) return undefined;
  return compareDecimals(high, low) < 0 ? 'Below the minimum (0 for no maximum)' : undefined;
}
