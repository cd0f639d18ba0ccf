import type { EquityCurve } from '@tradedesk/contract';

/** The equity curve as the chart draws it, and what is said about it. */

export type EquityPoint = EquityCurve['points'][number];

/** One chart point: the day (UTC seconds) and the cumulative time-weighted return, %. */
export interface ReturnPoint {
  time: number;
  value: number;
}

export function toReturnPoints(points: readonly EquityPoint[]): ReturnPoint[] {
  return points.map((point) => ({ time: point.time, value: point.return_rate }));
}

/**
 * The return over the points shown, %, compounded from their cumulative returns:
 * (1 + last) / (1 + first) − 1. It is the period's return whether the server counts the
 * cumulative return from the period's first day or from the series' first. Display only.
 */
export function periodReturn(points: readonly EquityPoint[]): number | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return null;
  return ((1 + last.return_rate / 100) / (1 + first.return_rate / 100) - 1) * 100;
}

/** A curve needs two days to be a line. */
export function hasCurve(curve: EquityCurve | undefined): boolean {
  return (curve?.points.length ?? 0) >= 2;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The chart's axis labels and crosshair dates, from UTC days (the series' days are UTC):
 * digits in year-month-day order in every language, as every other date of the app.
 */
export function utcDay(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function utcMonth(seconds: number): string {
  return utcDay(seconds).slice(0, 7);
}

/** "11-26": a day on the axis, whose year the axis already shows at its turn. */
export function utcMonthDay(seconds: number): string {
  return utcDay(seconds).slice(5);
}
