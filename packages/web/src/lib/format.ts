import {
  formatDecimal,
  MICROS_SCALE,
  type Micros,
  microsToCents,
  parseMicros,
} from '@tradedesk/engine';
import { isolateLtr } from './bidi.ts';

/**
 * Display formatting only: these strings are shown, never computed with or written (a form
 * field takes `toFixed`, not these).
 *
 * Figures are written the same in every language: Latin digits, "." decimals, "," groups,
 * as MT5 and Binance show prices, so that a figure reads the same in a list, on the chart and
 * in the order form's fields. In a right-to-left language (Arabic) each figure is one
 * left-to-right unit (`isolateLtr`): "-0.12%" stays "-0.12%", not "0.12%-". `language` is
 * the app's current one unless given.
 */

/** A price at the instrument's precision: 1.08513. */
export function formatPrice(value: number, precision: number, language?: string): string {
  return isolateLtr(value.toFixed(precision), language);
}

/** "+1.23%" / "-0.40%". */
export function formatChange(percent: number, language?: string): string {
  return isolateLtr(`${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`, language);
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
export function formatVolume(value: number, language?: string): string {
  return isolateLtr(compactVolume(value), language);
}

function compactVolume(value: number): string {
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
export function formatMoney(value: number, language?: string): string {
  return isolateLtr(groupedMoney(value), language);
}

function groupedMoney(value: number): string {
  const [whole, cents] = Math.abs(value).toFixed(2).split('.') as [string, string];
  // -0.004 shows as 0.00, not -0.00.
  const sign = value < 0 && (whole !== '0' || cents !== '00') ? '-' : '';
  return `${sign}${groupThousands(whole)}.${cents}`;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Micro-USD of an amount on the wire, exactly: the server writes at most 6 decimals
 * (SPEC.md §9), so the 6-decimal text of the number is the amount it wrote.
 */
export function wireMicros(value: number): Micros {
  return parseMicros(value.toFixed(MICROS_SCALE));
}

/**
 * Exact micro-USD to cents, grouped: rounded half away from zero on the decimal value
 * (0.005 is 0.01, -0.005 is -0.01), never through a binary float; 0.00 carries no sign.
 */
function groupedCents(value: Micros, signed: boolean): string {
  const cents = microsToCents(value);
  const [whole, fraction] = formatDecimal(cents < 0n ? -cents : cents, 2).split('.') as [
    string,
    string,
  ];
  const sign = cents < 0n ? '-' : signed && cents > 0n ? '+' : '';
  return `${sign}${groupThousands(whole)}.${fraction}`;
}

/** An order's money to 2 decimals, exactly (a margin, a fee): 1,085.08 / 0.11. */
export function formatCents(value: Micros, language?: string): string {
  return isolateLtr(groupedCents(value, false), language);
}

/** A signed amount of an order to 2 decimals, exactly (a P&L): +0.78 / -1,234.57. */
export function formatSignedCents(value: Micros, language?: string): string {
  return isolateLtr(groupedCents(value, true), language);
}

/** An amount to the micro-dollar, as the server keeps it: 0.005425. */
export function formatExact(value: Micros, language?: string): string {
  return isolateLtr(formatDecimal(value, MICROS_SCALE), language);
}

/** A signed amount to the micro-dollar: +0.671288. */
export function formatSignedExact(value: Micros, language?: string): string {
  return isolateLtr(`${value > 0n ? '+' : ''}${formatDecimal(value, MICROS_SCALE)}`, language);
}

/** up, down or flat by what the 2-decimal figure shows (-0.004 shows 0.00: flat). */
export function trendOfCents(value: Micros): 'up' | 'down' | 'flat' {
  const cents = microsToCents(value);
  return cents > 0n ? 'up' : cents < 0n ? 'down' : 'flat';
}

/** A signed amount to 2 decimals: +92.00 / -0.54. */
export function formatSignedMoney(value: number, language?: string): string {
  return isolateLtr(`${value > 0 ? '+' : ''}${groupedMoney(value)}`, language);
}

/**
 * Leverage as MT5 and its traders write it, everywhere in the app: "1:50" (not "50×").
 * `multiple` is the order's or instrument's leverage value (HasForexMultiple Value, Multiple).
 */
export function formatLeverage(multiple: number, language?: string): string {
  return isolateLtr(`1:${multiple}`, language);
}

/** Profits to 6 decimals (SPEC.md §9), signed: +92.000000. */
export function formatProfit(value: number, language?: string): string {
  return isolateLtr(`${value > 0 ? '+' : ''}${value.toFixed(6)}`, language);
}

/** A percentage to 2 decimals, grouped as money: 9,224.33% (margin level, stop-out level). */
export function formatPercent(value: number, language?: string): string {
  return isolateLtr(`${groupedMoney(value)}%`, language);
}

/** A signed percentage to 2 decimals, grouped: +3.59% / -29.37% (a profit rate). */
export function formatSignedPercent(value: number, language?: string): string {
  return isolateLtr(`${value > 0 ? '+' : ''}${groupedMoney(value)}%`, language);
}

/** A fee to 6 decimals, as the server charges it: 0.010851. */
export function formatFee(value: number, language?: string): string {
  return isolateLtr(value.toFixed(6), language);
}
