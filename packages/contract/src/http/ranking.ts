import { z } from 'zod';

/**
 * The copy-trading ranking ("documentary", SPEC.md §3 Ranking trader, DECISIONS.md Content and
 * social): one row per real trader with closed positions, figures computed from those
 * positions. Money and rates are numbers produced from exact decimals on the server.
 */
export const rankingTraderSchema = z.object({
  /** Place by time-weighted return (`return_rate`), from 1. */
  rank: z.number().int(),
  /** The trader's user id: what the profile (follow/detail) and a copy are asked with. */
  id: z.number().int(),
  /** One of the embedded default's sample traders (bots whose trades went through the engine). */
  sample: z.boolean(),
  /** The trader's e-mail or mobile number, masked. */
  user: z.string(),
  /** The most-used leverage over all closed positions. */
  multiple: z.number().int(),
  /** Σ P&L / Σ margin of the positions closed in the last three weeks, in percent (2 decimals). */
  three_week_rate: z.number(),
  /** Winning / closed positions of the last three weeks, in percent (2 decimals). */
  three_week_win: z.number(),
  /** Σ P&L of the positions closed in the last three weeks, USD. */
  three_week_profit: z.number(),
  /** Positions closed in the last three weeks. */
  three_week_trade_num: z.number().int(),
  /** Σ P&L / Σ margin over every closed position, in percent (2 decimals). */
  total_rate: z.number(),
  /** Σ P&L over every closed position, USD. */
  total_profit: z.number(),
  /** Every closed position. */
  total_trade_num: z.number().int(),
  /** The ShowCode of the most-traded instrument. */
  code: z.string(),
  /** Copies following the trader now (active or paused) with real money. */
  followers: z.number().int(),
  /** Assets under copy: Σ equity of those copies, USD (demo money never counts). */
  aum: z.number(),
  /** Copies following the trader now with demo money (practice; in no other figure). */
  demo_followers: z.number().int(),
  /** Time-weighted return of the daily equity series, % (deposits and withdrawals excluded). */
  return_rate: z.number(),
  /** Largest peak-to-trough fall of the realized equity curve (cumulative P&L), USD. */
  max_drawdown: z.number(),
  /** Largest fall of the time-weighted equity index from its peak, % of the peak (0–100). */
  max_drawdown_rate: z.number(),
  /** 1 (calm) … 10 (wild), from the annualized volatility of daily equity returns. */
  risk_score: z.number().int(),
});
export type RankingTrader = z.infer<typeof rankingTraderSchema>;

export const rankingSchema = z.object({
  data: z.array(rankingTraderSchema),
  /** When the figures were computed (epoch ms); they are refreshed every minute. */
  refreshed_at: z.number().int(),
  /** The window of the three-week figures, in days. */
  window_days: z.number().int(),
});
export type Ranking = z.infer<typeof rankingSchema>;
