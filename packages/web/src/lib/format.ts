/** Display formatting only: these strings are shown, never computed with or written. */

export function formatPrice(value: number, precision: number): string {
  return value.toFixed(precision);
}

/** "+1.23%" / "-0.40%". */
export function formatChange(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
export function formatVolume(value: number): string {
  return compact.format(value);
}

/** up (blue), down (red) or flat, for SPEC.md §9's quote colours. */
export function trendOf(change: number): 'up' | 'down' | 'flat' {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** A balance to 2 decimals (SPEC.md §9), grouped: 100,000.00. */
export function formatMoney(value: number): string {
  return money.format(value);
}

/** A signed amount to 2 decimals: +92.00 / -0.54. */
export function formatSignedMoney(value: number): string {
  return `${value > 0 ? '+' : ''}${money.format(value)}`;
}

/** Profits to 6 decimals (SPEC.md §9), signed: +92.000000. */
export function formatProfit(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(6)}`;
}
