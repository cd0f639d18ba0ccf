import { describe, expect, it } from 'vitest';
import {
  hasCurve,
  periodReturn,
  toReturnPoints,
  utcDay,
  utcMonth,
  utcMonthDay,
} from './equity-series.ts';

const DAY_S = 86_400;
const point = (day: number, returnRate: number) => ({
  time: 1_764_547_200 + day * DAY_S, // 2025-12-01 00:00 UTC
  equity: 10_000 * (1 + returnRate / 100),
  return_rate: returnRate,
});

describe('equity curve', () => {
  it('plots the cumulative return of each day', () => {
    expect(toReturnPoints([point(0, 0), point(1, 2.5)])).toEqual([
      { time: 1_764_547_200, value: 0 },
      { time: 1_764_547_200 + DAY_S, value: 2.5 },
    ]);
  });

  it("compounds the period's return from its first and last points", () => {
    // From the period's start: the last point is the return.
    expect(periodReturn([point(0, 0), point(1, -5), point(2, 10)])).toBeCloseTo(10, 10);
    // From the series' start: +10 % then +21 % overall is +10 % over the period, not +11.
    expect(periodReturn([point(0, 10), point(1, 21)])).toBeCloseTo(10, 10);
  });

  it('needs two days to be a curve', () => {
    expect(periodReturn([point(0, 3)])).toBeNull();
    expect(hasCurve({ period: 'all', points: [point(0, 3)] })).toBe(false);
    expect(hasCurve({ period: 'all', points: [point(0, 3), point(1, 4)] })).toBe(true);
    expect(hasCurve(undefined)).toBe(false);
  });

  it('labels days in UTC, digits in year-month-day order', () => {
    expect(utcDay(1_764_547_200)).toBe('2025-12-01');
    expect(utcDay(1_764_547_200 - 1)).toBe('2025-11-30');
    expect(utcMonth(1_764_547_200)).toBe('2025-12');
    expect(utcMonthDay(1_764_547_200)).toBe('12-01');
  });
});
