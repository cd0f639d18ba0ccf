import type { ColumnType } from 'kysely';
import type { Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface RankingTables {
  sample_traders: SampleTradersTable;
  sample_trader_runs: SampleTraderRunsTable;
  equity_daily: EquityDailyTable;
}

/** Which real accounts are the embedded default's strategy bots (issue 12). */
export interface SampleTradersTable {
  strategy: string;
  user_id: Int;
  created_at: Millis;
}

/** The one row nodes claim: who replayed the history, who holds the live-trading lease. */
export interface SampleTraderRunsTable {
  id: Int;
  holder: string;
  lease_until: Millis;
  claimed_at: Millis;
  replayed_at: Millis | null;
  trades: ColumnType<number | bigint, number | undefined, number>;
}

/** An account's equity at the end of a day (UTC), and its external flows since the point before. */
export interface EquityDailyTable {
  account_id: Int;
  /** Days since 1970-01-01. */
  day: Int;
  /** micro-USD: balance + reserves + margin + floating P&L. */
  equity: Int;
  /** micro-USD deposited, withdrawn or transferred since the previous point (signed). */
  flows: Int;
  sampled_at: Millis;
}
