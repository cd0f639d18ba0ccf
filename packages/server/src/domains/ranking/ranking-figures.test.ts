import { asMicros } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import {
  type ClosedPosition,
  maxDrawdown,
  mostUsed,
  percent,
  traderFigures,
  WINDOW_MS,
} from './ranking-figures.ts';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 86_400_000;
let nextId = 1;
const closed = (
  pnl: bigint,
  margin: bigint,
  daysAgo: number,
  leverage = 100,
  instrumentId = 1,
): ClosedPosition => ({
  id: nextId++,
  instrumentId,
  leverage,
  margin: asMicros(margin),
  pnl: asMicros(pnl),
  openedAt: NOW - daysAgo * DAY - 60_000,
  closedAt: NOW - daysAgo * DAY,
});

describe('ranking figures', () => {
  it('makes percentages exactly, half away from zero, 0 over nothing', () => {
    expect(percent(1n, 3n)).toBe(33.33);
    expect(percent(2n, 3n)).toBe(66.67);
    expect(percent(-2n, 3n)).toBe(-66.67);
    expect(percent(1n, 8n)).toBe(12.5);
    // 0.1 + 0.2 in micros: no binary fraction on the way.
    expect(percent(300_000n, 1_000_000n)).toBe(30);
    expect(percent(5n, 0n)).toBe(0);
  });

  it('takes the most used value, ties to the preferred one', () => {
    expect(mostUsed([100, 200, 100], (a, b) => b - a)).toBe(100);
    expect(mostUsed([100, 200], (a, b) => b - a)).toBe(200);
    expect(mostUsed([3, 1], (a, b) => a - b)).toBe(1);
  });

  it('measures the drawdown of the realized equity curve in closing order', () => {
    // Curve 0 → 5 → 2 → 8 → 1 → 4: worst fall 8 → 1 = 7.
    const positions = [
      closed(3n, 10n, 1),
      closed(-7n, 10n, 2),
      closed(6n, 10n, 3),
      closed(-3n, 10n, 4),
      closed(5n, 10n, 5),
    ];
    expect(maxDrawdown(positions)).toBe(7n);
    expect(maxDrawdown([closed(-4n, 10n, 1)])).toBe(4n);
    expect(maxDrawdown([closed(4n, 10n, 1)])).toBe(0n);
  });

  it('counts three weeks and totals, win rate, leverage and instrument', () => {
    const positions = [
      closed(2_000_000n, 10_000_000n, 30, 500, 7), // outside the window
      closed(1_000_000n, 4_000_000n, 1, 100, 2),
      closed(-500_000n, 4_000_000n, 2, 100, 2),
      closed(250_000n, 2_000_000n, 20.9, 200, 3),
    ];
    const f = traderFigures(positions, NOW)!;
    expect(f.threeWeekProfit).toBe(750_000n);
    expect(f.threeWeekTrades).toBe(3);
    expect(f.threeWeekRate).toBe(7.5); // 0.75 / 10
    expect(f.threeWeekWin).toBe(66.67);
    expect(f.totalProfit).toBe(2_750_000n);
    expect(f.totalTrades).toBe(4);
    expect(f.totalRate).toBe(13.75); // 2.75 / 20
    expect(f.multiple).toBe(100);
    expect(f.instrumentId).toBe(2);
    // Curve (closing order): +2, +2.25, +1.75, +2.75 → fall 0.5.
    expect(f.maxDrawdown).toBe(500_000n);
  });

  it('leaves the window at exactly three weeks', () => {
    const f = traderFigures(
      [closed(1n, 1n, 0), { ...closed(1n, 1n, 0), closedAt: NOW - WINDOW_MS }],
      NOW,
    )!;
    expect(f.threeWeekTrades).toBe(1);
    expect(f.totalTrades).toBe(2);
    expect(traderFigures([], NOW)).toBeNull();
  });
});
