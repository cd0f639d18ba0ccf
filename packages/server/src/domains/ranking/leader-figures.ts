import type { Micros } from '@tradedesk/engine';
import { percent } from './ranking-figures.ts';

/**
 * A leader's figures from the daily equity series (issue 29): what a follower can check
 * against the leader's ledger. Deposits, withdrawals and transfers are not performance: each
 * point's flows are added to the previous equity, so a day's return is what trading made of
 * the money that was there.
 *
 * The rates here are display figures, never money: they are computed in binary floating point
 * (a product of hundreds of ratios and a square root have no exact decimal form) and rounded to
 * 2 decimals by `ratePercent`, which hands them to the exact `percent` helper. Nothing written
 * to the database comes from this file.
 */

export const DAY_MS = 86_400_000;

/** The series' day of a moment: whole days since 1970-01-01 (UTC). */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS);

/** One point of an account's daily equity series. */
export interface EquityPoint {
  day: number;
  /** Equity at the point (the end of its day, or now for today). */
  equity: Micros;
  /** Deposits, withdrawals and transfers since the point before (signed). */
  flows: Micros;
}

/** The return of the period ending at a point, as a fraction (0.1 is +10 %). */
export interface DailyReturn {
  day: number;
  rate: number;
}

/**
 * r_d = E_d / (E_{d−1} + F_d) − 1 over consecutive points (sorted by day): the flows of a
 * point count at the start of its period. Before the first point the account was empty (every
 * account starts at 0, and the first point's flows run from the beginning), so the first
 * period's base is its flows alone: the first day's trading counts. A period whose base is
 * ≤ 0 has no return (nothing was at stake). A fall below zero equity counts as a total loss
 * (−100 %), not more: negative balance protection brings such an account back to zero, and a
 * rate below −1 would turn the compounded index negative. Points further apart than a day
 * (the server was down) make one period.
 */
export function dailyReturns(points: readonly EquityPoint[]): DailyReturn[] {
  const returns: DailyReturn[] = [];
  let previous = 0n;
  for (const point of points) {
    const base = previous + point.flows;
    previous = point.equity;
    if (base <= 0n) continue;
    // The gain over the base, divided once: exact until the division.
    const rate = Number(point.equity - base) / Number(base);
    returns.push({ day: point.day, rate: Math.max(rate, -1) });
  }
  return returns;
}

/** Π(1 + r) − 1: the time-weighted return as a fraction (0 without returns). */
export function timeWeightedReturn(returns: readonly DailyReturn[]): number {
  return returns.reduce((index, r) => index * (1 + r.rate), 1) - 1;
}

/**
 * The largest fall of the time-weighted index Π(1 + r) from its running peak (which starts at
 * 1, the money first put in), as a fraction of that peak: 0 … 1.
 */
export function maxDrawdownFraction(returns: readonly DailyReturn[]): number {
  let index = 1;
  let peak = 1;
  let worst = 0;
  for (const r of returns) {
    index *= 1 + r.rate;
    if (index > peak) peak = index;
    worst = Math.max(worst, (peak - index) / peak);
  }
  return Math.min(worst, 1);
}

/** Calendar days in a year: the series has a point every day, weekends included. */
const DAYS_PER_YEAR = 365;

/**
 * The annualized volatility of daily returns as a fraction: the sample standard deviation
 * (n − 1) × √365. Null with fewer than two returns (no spread to measure).
 */
export function annualizedVolatility(returns: readonly DailyReturn[]): number | null {
  const n = returns.length;
  if (n < 2) return null;
  const mean = returns.reduce((sum, r) => sum + r.rate, 0) / n;
  const variance = returns.reduce((sum, r) => sum + (r.rate - mean) ** 2, 0) / (n - 1);
  return Math.sqrt(variance) * Math.sqrt(DAYS_PER_YEAR);
}

/**
 * Upper bounds (annualized volatility, %) of risk scores 1 … 9; above the last is 10. A broad
 * equity index moves about 15–20 % a year (3–4); a leveraged FX account above 100 % a year is
 * as wild as the scale goes.
 */
export const RISK_BANDS = [5, 10, 15, 20, 30, 40, 60, 80, 100] as const;

/**
 * The score of a trader with fewer than two daily returns: unmeasured is not calm. The top of
 * the scale until the series can say otherwise (from the second point on).
 */
export const UNMEASURED_RISK_SCORE = 10;

/** 1 (calm) … 10 (wild) from the annualized volatility (a fraction), by RISK_BANDS. */
export function riskScore(volatility: number | null): number {
  if (volatility === null) return UNMEASURED_RISK_SCORE;
  // Against upper / 100, not volatility × 100: 0.15 × 100 is 15.000000000000002 in binary.
  const band = RISK_BANDS.findIndex((upper) => volatility <= upper / 100);
  return band === -1 ? RISK_BANDS.length + 1 : band + 1;
}

/**
 * The fraction as a percentage with 2 decimals, rounded exactly as `percent` rounds (half away
 * from zero, in decimal): the fraction is first taken to 10^-9 — far below the 0.005 % step —
 * so that binary noise (0.115 % held as 0.0011499999…) cannot decide a half.
 */
export function ratePercent(fraction: number): number {
  if (!Number.isFinite(fraction)) throw new RangeError(`not a finite rate: ${fraction}`);
  const SCALE = 1_000_000_000;
  return percent(BigInt(Math.round(fraction * SCALE)), BigInt(SCALE));
}

/** 'YYYY-MM' of a series day (UTC). */
export const monthOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 7);

/**
 * The compounded return of each calendar month (UTC) the series spans, oldest first, as
 * fractions: a period's return belongs to the month of the point that ends it. A month whose
 * points have no return (nothing at stake) is 0.
 */
export function monthlyReturns(
  points: readonly EquityPoint[],
  returns: readonly DailyReturn[],
): { month: string; rate: number }[] {
  const index = new Map<string, number>();
  for (const point of points) index.set(monthOf(point.day), 1);
  for (const r of returns) {
    const month = monthOf(r.day);
    index.set(month, (index.get(month) ?? 1) * (1 + r.rate));
  }
  return [...index].map(([month, value]) => ({ month, rate: value - 1 }));
}

/** One point of the equity curve: its day, equity, and the return since the period began. */
export interface CurvePoint {
  day: number;
  equity: Micros;
  /** Time-weighted return from the period's start to this point, as a fraction. */
  cumulative: number;
}

/**
 * The equity curve of the points from `fromDay` on, each with the time-weighted return since
 * the period began: the returns of the period's points compounded, each measured from the
 * point before it — so the period starts from the last point before it (or the empty account
 * before the series' first point), and the curve of the whole series ends at the headline
 * return.
 */
export function returnCurve(points: readonly EquityPoint[], fromDay: number): CurvePoint[] {
  const rates = new Map(dailyReturns(points).map((r) => [r.day, r.rate]));
  let index = 1;
  return points
    .filter((p) => p.day >= fromDay)
    .map((point) => {
      index *= 1 + (rates.get(point.day) ?? 0);
      return { day: point.day, equity: point.equity, cumulative: index - 1 };
    });
}

/** A closed position as the profile counts it. */
export interface ClosedTrade {
  pnl: Micros;
  openedAt: number;
  closedAt: number;
}

/** Winning / closed positions in % (2 decimals, exact), closed positions, mean holding (ms). */
export function tradeFigures(trades: readonly ClosedTrade[]): {
  winRate: number;
  trades: number;
  avgHoldingMs: number;
} {
  const wins = trades.filter((t) => t.pnl > 0n).length;
  const held = trades.reduce((sum, t) => sum + BigInt(t.closedAt - t.openedAt), 0n);
  const count = BigInt(trades.length);
  return {
    winRate: percent(BigInt(wins), count),
    trades: trades.length,
    // Whole milliseconds, half away from zero; 0 for no trade.
    avgHoldingMs: count === 0n ? 0 : Number((held * 2n + count) / (2n * count)),
  };
}

/** The series figures the ranking row and the profile show. */
export interface SeriesFigures {
  returnRate: number;
  maxDrawdownRate: number;
  riskScore: number;
  /** Points the figures were computed over. */
  days: number;
}

/** Return, max drawdown (% of the peak, 0–100) and risk score of a series, sorted by day. */
export function seriesFigures(points: readonly EquityPoint[]): SeriesFigures {
  const returns = dailyReturns(points);
  return {
    returnRate: ratePercent(timeWeightedReturn(returns)),
    maxDrawdownRate: ratePercent(maxDrawdownFraction(returns)),
    riskScore: riskScore(annualizedVolatility(returns)),
    days: points.length,
  };
}
