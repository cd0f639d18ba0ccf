import type { LeaderFigures, LeaderProfile, RankingTrader } from '@tradedesk/contract';
import type { Micros } from '@tradedesk/engine';
import { type EquityPoint, seriesFigures, tradeFigures } from './leader-figures.ts';
import { type ClosedPosition, percent, traderFigures, usd } from './ranking-figures.ts';

/** A ranked trader as the ranking keeps it: the list's row and the profile's figures. */
export interface LeaderEntry {
  row: Omit<RankingTrader, 'rank'>;
  figures: LeaderFigures;
  instruments: LeaderProfile['instruments'];
}

/** What one trader's entry is made of. */
export interface LeaderInput {
  id: number;
  user: string;
  sample: boolean;
  positions: readonly ClosedPosition[];
  /** The trader's daily equity series, sorted by day (today's point is the live one). */
  series: readonly EquityPoint[];
  followers: number;
  /** Σ equity of the copies following the trader (real money only). */
  aum: Micros;
  /** Copies following with demo money: shown apart, counted in nothing else. */
  demoFollowers: number;
  codes: ReadonlyMap<number, string>;
}

/**
 * Instruments by closed positions, most traded first (a tie in the catalogue's order), with
 * their share of the trades in % (2 decimals, exact).
 */
export function instrumentShares(
  positions: readonly ClosedPosition[],
  codes: ReadonlyMap<number, string>,
): LeaderProfile['instruments'] {
  const counts = new Map<number, number>();
  for (const p of positions) counts.set(p.instrumentId, (counts.get(p.instrumentId) ?? 0) + 1);
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a - b)
    .map(([instrumentId, trades]) => ({
      code: codes.get(instrumentId) ?? '',
      trades,
      share: percent(BigInt(trades), BigInt(positions.length)),
    }));
}

/**
 * A trader's row and figures: the three-week and total figures of closed positions as before
 * (ranking-figures.ts), the return, drawdown and risk of the equity series
 * (leader-figures.ts), followers and assets under copy. Null without a closed position.
 */
export function leaderEntry(input: LeaderInput, now: number): LeaderEntry | null {
  const closed = traderFigures(input.positions, now);
  if (!closed) return null;
  const series = seriesFigures(input.series);
  const trades = tradeFigures(input.positions);
  const aum = usd(input.aum);
  return {
    row: {
      id: input.id,
      sample: input.sample,
      user: input.user,
      multiple: closed.multiple,
      three_week_rate: closed.threeWeekRate,
      three_week_win: closed.threeWeekWin,
      three_week_profit: usd(closed.threeWeekProfit),
      three_week_trade_num: closed.threeWeekTrades,
      total_rate: closed.totalRate,
      total_profit: usd(closed.totalProfit),
      total_trade_num: closed.totalTrades,
      code: input.codes.get(closed.instrumentId) ?? '',
      followers: input.followers,
      aum,
      demo_followers: input.demoFollowers,
      return_rate: series.returnRate,
      max_drawdown: usd(closed.maxDrawdown),
      max_drawdown_rate: series.maxDrawdownRate,
      risk_score: series.riskScore,
    },
    figures: {
      id: input.id,
      user: input.user,
      sample: input.sample,
      return_rate: series.returnRate,
      max_drawdown_rate: series.maxDrawdownRate,
      risk_score: series.riskScore,
      win_rate: trades.winRate,
      trades: trades.trades,
      avg_holding_ms: trades.avgHoldingMs,
      followers: input.followers,
      aum,
      demo_followers: input.demoFollowers,
      days: series.days,
    },
    instruments: instrumentShares(input.positions, input.codes),
  };
}

/**
 * Places by the time-weighted return of the daily equity series (issue 37: what a copy of the
 * trader would have earned, deposits and withdrawals aside — profit ÷ margin flattered a
 * losing scalper), then three-week profit rate, three-week profit, trades; ranks from 1.
 */
export function rankRows(
  rows: readonly Omit<RankingTrader, 'rank'>[],
  size: number,
): RankingTrader[] {
  return [...rows]
    .sort(
      (a, b) =>
        b.return_rate - a.return_rate ||
        b.three_week_rate - a.three_week_rate ||
        b.three_week_profit - a.three_week_profit ||
        b.total_trade_num - a.total_trade_num ||
        a.id - b.id,
    )
    .slice(0, size)
    .map((row, i) => ({ rank: i + 1, ...row }));
}
