import { asMicros } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import {
  annualizedVolatility,
  DAY_MS,
  type DailyReturn,
  dailyReturns,
  dayOf,
  type EquityPoint,
  maxDrawdownFraction,
  monthlyReturns,
  monthOf,
  ratePercent,
  returnCurve,
  riskScore,
  seriesFigures,
  timeWeightedReturn,
  tradeFigures,
} from './leader-figures.ts';

const USD = 1_000_000n;
const DAY0 = dayOf(Date.UTC(2026, 0, 30));
/** Points on consecutive days from DAY0: [equity USD, flows USD]. */
const series = (...values: [number, number][]): EquityPoint[] =>
  values.map(([equity, flows], i) => ({
    day: DAY0 + i,
    equity: asMicros(BigInt(equity) * USD),
    flows: asMicros(BigInt(flows) * USD),
  }));
const rates = (returns: readonly DailyReturn[]) => returns.map((r) => r.rate);
const returnsOf = (...values: number[]): DailyReturn[] =>
  values.map((rate, i) => ({ day: DAY0 + i + 1, rate }));

describe('daily returns', () => {
  it('counts a deposit as capital, not as performance', () => {
    // Deposits 1 000 (1 000 / (0 + 1 000) − 1), then 1 000 more (2 000 / (1 000 + 1 000) − 1),
    // never trades.
    const points = series([1000, 1000], [2000, 1000], [2000, 0]);
    expect(rates(dailyReturns(points))).toEqual([0, 0, 0]);
    expect(timeWeightedReturn(dailyReturns(points))).toBe(0);
  });

  it('makes −1 % of +10 % then −10 %, with a 10 % drawdown', () => {
    const returns = dailyReturns(series([1000, 1000], [1100, 0], [990, 0]));
    expect(rates(returns)).toEqual([0, 0.1, -0.1]);
    // 1.1 × 0.9 − 1 = −0.01; the index falls from 1.1 to 0.99: 0.11 / 1.1 = 10 %.
    expect(ratePercent(timeWeightedReturn(returns))).toBe(-1);
    expect(ratePercent(maxDrawdownFraction(returns))).toBe(10);
  });

  it('adds a day’s flows to the equity before it, withdrawals too', () => {
    // 1 000 → deposit 1 000, ends at 2 200: 2 200 / 2 000 = +10 %.
    // Withdraws 1 200, ends at 900: 900 / (2 200 − 1 200) = −10 %.
    const returns = dailyReturns(series([1000, 1000], [2200, 1000], [900, -1200]));
    expect(returns.map((r) => r.day)).toEqual([DAY0, DAY0 + 1, DAY0 + 2]);
    expect(rates(returns)[1]).toBeCloseTo(0.1, 15);
    expect(rates(returns)[2]).toBeCloseTo(-0.1, 15);
    expect(ratePercent(timeWeightedReturn(returns))).toBe(-1);
  });

  it('skips a period with nothing at stake and caps a loss at everything', () => {
    // An empty account (base 0: no return), funded with 500 (500 / (0 + 500): 0), then +10 %.
    const funded = dailyReturns(series([0, 0], [0, 0], [500, 500], [550, 0]));
    expect(funded).toEqual([
      { day: DAY0 + 2, rate: 0 },
      { day: DAY0 + 3, rate: 0.1 },
    ]);
    // Equity below zero (before negative balance protection) is a total loss, not −105 %.
    const wiped = dailyReturns(series([1000, 1000], [-50, 0]));
    expect(rates(wiped)).toEqual([0, -1]);
    expect(ratePercent(timeWeightedReturn(wiped))).toBe(-100);
    expect(ratePercent(maxDrawdownFraction(wiped))).toBe(100);
    // A base below zero (a withdrawal larger than the equity) has no return either.
    expect(dailyReturns(series([100, 100], [0, -200]))).toEqual([{ day: DAY0, rate: 0 }]);
  });

  it('makes one period of days the server was down', () => {
    const points: EquityPoint[] = [
      { day: 10, equity: asMicros(1000n * USD), flows: asMicros(1000n * USD) },
      { day: 14, equity: asMicros(1200n * USD), flows: asMicros(100n * USD) },
    ];
    // 1 200 / (1 000 + 100) − 1.
    expect(dailyReturns(points)).toEqual([
      { day: 10, rate: 0 },
      { day: 14, rate: 100 / 1100 },
    ]);
  });

  it('measures the first point from the empty account before it', () => {
    // Funded with 1 000 and already 1 100 at the end of the first day: +10 % that counts.
    expect(dailyReturns(series([1100, 1000]))).toEqual([{ day: DAY0, rate: 0.1 }]);
    expect(dailyReturns(series([1000, 1000]))).toEqual([{ day: DAY0, rate: 0 }]);
    expect(dailyReturns([])).toEqual([]);
    expect(timeWeightedReturn([])).toBe(0);
    expect(maxDrawdownFraction([])).toBe(0);
  });

  it('measures the drawdown from the running peak, not from the start', () => {
    // Index 1 → 1.2 → 0.96 → 1.44 → 1.152: falls 20 % (1.2 → 0.96) and 20 % (1.44 → 1.152).
    expect(maxDrawdownFraction(returnsOf(0.2, -0.2, 0.5, -0.2))).toBeCloseTo(0.2, 12);
    // 1 → 0.5 → 1 → 0.25: the worst is 75 % below the peak of 1.
    expect(maxDrawdownFraction(returnsOf(-0.5, 1, -0.75))).toBeCloseTo(0.75, 12);
    expect(maxDrawdownFraction(returnsOf(0.1, 0.1))).toBe(0);
  });
});

describe('risk score', () => {
  it('annualizes the sample standard deviation of daily returns with √365', () => {
    // ±1 %: mean 0, sample variance (0.0001 + 0.0001) / 1, σ = 0.014142…, × 19.104973… = 27.02 %.
    const volatility = annualizedVolatility(returnsOf(0.01, -0.01))!;
    expect(ratePercent(volatility)).toBe(27.02);
    expect(riskScore(volatility)).toBe(5);
    // Three returns 1, 2, 3 %: mean 2 %, variance (1 + 0 + 1) / 2 = 1 (%²), σ = 1 % → 19.1 %.
    expect(ratePercent(annualizedVolatility(returnsOf(0.01, 0.02, 0.03))!)).toBe(19.1);
    expect(annualizedVolatility(returnsOf(0.01, 0.01, 0.01))).toBe(0);
    expect(annualizedVolatility(returnsOf(0.5))).toBeNull();
    expect(annualizedVolatility([])).toBeNull();
  });

  it('bands the annualized volatility: ≤5, 10, 15, 20, 30, 40, 60, 80, 100 %, then 10', () => {
    const at = (percent: number) => riskScore(percent / 100);
    expect([0, 5, 10, 15, 20, 30, 40, 60, 80, 100].map(at)).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([5.01, 10.01, 15.01, 20.01, 30.01, 40.01, 60.01, 80.01, 100.01, 400].map(at)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 10,
    ]);
  });

  it('scores a series with fewer than two returns as unmeasured: 10', () => {
    expect(riskScore(null)).toBe(10);
    expect(seriesFigures(series([1000, 1000])).riskScore).toBe(10);
    // Two returns (0 and +1 %) are measured: σ 0.707 % × √365 = 13.5 % → 3.
    expect(seriesFigures(series([1000, 1000], [1010, 0])).riskScore).toBe(3);
  });
});

describe('rounding and calendar', () => {
  it('rounds a rate to 2 decimals half away from zero, as percent does', () => {
    expect(ratePercent(0.00115)).toBe(0.12);
    expect(ratePercent(-0.00115)).toBe(-0.12);
    expect(ratePercent(0.00114999)).toBe(0.11);
    expect(ratePercent(1 / 3)).toBe(33.33);
    expect(ratePercent(0)).toBe(0);
    expect(() => ratePercent(Number.NaN)).toThrow(RangeError);
  });

  it('names months in UTC', () => {
    expect(monthOf(dayOf(Date.UTC(2026, 0, 31, 23, 59)))).toBe('2026-01');
    expect(monthOf(dayOf(Date.UTC(2026, 1, 1)))).toBe('2026-02');
    expect(dayOf(Date.UTC(2026, 1, 1) - 1)).toBe(dayOf(Date.UTC(2026, 1, 1)) - 1);
    expect(DAY_MS).toBe(86_400_000);
  });

  it('compounds each month’s returns; a return belongs to the month its period ends in', () => {
    // Jan 30: 1 000; Jan 31: 1 100 (+10 %); Feb 1: 1 210 (+10 %); Feb 2: 1 089 (−10 %).
    const points = series([1000, 1000], [1100, 0], [1210, 0], [1089, 0]);
    const monthly = monthlyReturns(points, dailyReturns(points)).map((m) => ({
      month: m.month,
      rate: ratePercent(m.rate),
    }));
    // January +10 %; February 1.1 × 0.9 − 1 = −1 %.
    expect(monthly).toEqual([
      { month: '2026-01', rate: 10 },
      { month: '2026-02', rate: -1 },
    ]);
    // A month whose point has no return (nothing at stake) shows 0.
    expect(monthlyReturns(series([0, 0]), [])).toEqual([{ month: '2026-01', rate: 0 }]);
  });
});

describe('return curve', () => {
  it('compounds from the last point before the period, and ends at the headline return', () => {
    const points = series([1000, 1000], [1100, 0], [1210, 0], [1089, 0]);
    // From Feb 1: the period starts at Jan 31's 1 100 — +10 %, then 1.1 × 0.9 − 1 = −1 %.
    const curve = returnCurve(points, DAY0 + 2);
    expect(curve.map((p) => p.day)).toEqual([DAY0 + 2, DAY0 + 3]);
    expect(curve.map((p) => p.equity)).toEqual([1210n * USD, 1089n * USD]);
    expect(curve.map((p) => ratePercent(p.cumulative))).toEqual([10, -1]);
    // The whole series: 0 (funded), +10 %, +21 %, +8.9 % = the time-weighted return.
    const whole = returnCurve(points, 0).map((p) => ratePercent(p.cumulative));
    expect(whole).toEqual([0, 10, 21, 8.9]);
    expect(whole.at(-1)).toBe(seriesFigures(points).returnRate);
    // A deposit inside the period is not a gain on the curve.
    const funded = series([1000, 1000], [3000, 2000], [3300, 0]);
    expect(returnCurve(funded, 0).map((p) => ratePercent(p.cumulative))).toEqual([0, 0, 10]);
    expect(returnCurve(points, DAY0 + 10)).toEqual([]);
  });
});

describe('trade figures', () => {
  it('counts wins, trades and the mean holding time in whole ms', () => {
    const hour = 3_600_000;
    const trade = (pnl: bigint, held: number) => ({
      pnl: asMicros(pnl),
      openedAt: 1_000,
      closedAt: 1_000 + held,
    });
    // (1 h + 3 h + 2 h + 1 ms) / 3 = 7 200 000.33 ms → 7 200 000.
    expect(tradeFigures([trade(5n, hour), trade(-3n, 3 * hour), trade(0n, 2 * hour + 1)])).toEqual({
      winRate: 33.33,
      trades: 3,
      avgHoldingMs: 7_200_000,
    });
    // 1.5 ms rounds half away from zero.
    expect(tradeFigures([trade(1n, 1), trade(1n, 2)]).avgHoldingMs).toBe(2);
    expect(tradeFigures([])).toEqual({ winRate: 0, trades: 0, avgHoldingMs: 0 });
  });
});

describe('series figures', () => {
  it('gives return, drawdown, risk and days of +10 % then −10 %', () => {
    // Returns 0, +0.1, −0.1: σ = 0.1, × √365 = 191 % a year: the top band.
    expect(seriesFigures(series([1000, 1000], [1100, 0], [990, 0]))).toEqual({
      returnRate: -1,
      maxDrawdownRate: 10,
      riskScore: 10,
      days: 3,
    });
    expect(seriesFigures([])).toEqual({
      returnRate: 0,
      maxDrawdownRate: 0,
      riskScore: 10,
      days: 0,
    });
  });
});
