import type { ColumnType } from 'kysely';
import type { Id, Int, Millis } from '../db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface CoreTables {
  accounts: AccountsTable;
  ledger: LedgerTable;
  outbox: OutboxTable;
}

export interface AccountsTable {
  user_id: Int;
  /** micro-USD. */
  balance: Int;
  /** micro-USD reserved for pending orders and held for requested withdrawals. */
  lock_balance: Int;
  /**
   * micro-USD held as margin by open positions (Σ their margins). The account's cash is
   * balance + margin_held + lock_balance; `balance` alone may be below 0 while positions are
   * open (their margin and P&L cover it), never once nothing is (CHECK, issue 22).
   */
  margin_held: Int;
  /** Bumped by every command that changes the account; commands compare it before writing. */
  version: Int;
  updated_at: Millis;
}

export interface LedgerTable {
  id: Id;
  user_id: Int;
  /** Signed micro-USD. */
  amount: Int;
  kind: string;
  order_id: Int | null;
  /** The deposit or withdrawal of a funding row (its kind says which). */
  funding_id: ColumnType<number | bigint | null, number | bigint | null | undefined, never>;
  balance_after: Int;
  created_at: Millis;
}

/** Events of committed commands, published after commit (one row per commit). */
export interface OutboxTable {
  id: Id;
  account_id: Int;
  version: Int;
  /** The commit's message, encoded by bus/encodeMessage. */
  payload: string;
  created_at: Millis;
}
