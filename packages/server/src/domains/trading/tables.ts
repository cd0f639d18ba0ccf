import type { Id, Int, IntWithDefault, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface TradingTables {
  orders: OrdersTable;
  margin_calls: MarginCallsTable;
}

/** An account in margin call, from its crossing below the level until it recovered. */
export interface MarginCallsTable {
  user_id: Int;
  /** The margin level at the crossing, 10^-4. */
  level: Int;
  called_at: Millis;
  /** 1: below the margin call level; 2: below the second, closer one (issue 41). */
  stage: IntWithDefault;
}

export interface OrdersTable {
  id: Id;
  user_id: Int;
  instrument_id: Int;
  side: 'buy' | 'sell';
  status: Int;
  /** 10^-4 lots. */
  lots: Int;
  leverage: Int;
  target_price: Int | null;
  fill_direction: 'at-or-below' | 'at-or-above' | null;
  open_price: Int | null;
  close_price: Int | null;
  margin: Int;
  fee: Int;
  /** micro-USD held in lock_balance while the order is pending. */
  reserve: Int;
  take_profit: Int;
  stop_loss: Int;
  pnl: Int | null;
  close_reason: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Millis;
  opened_at: Millis | null;
  closed_at: Millis | null;
  /** Points behind the closing price the stop loss follows; 0: no trailing stop. */
  trailing_distance: IntWithDefault;
  /** The closing price from which the trailing stop follows; 0: at once. */
  trailing_activation: IntWithDefault;
  /** 1 once the closing price reached the activation price (then it follows, whatever). */
  trailing_active: IntWithDefault;
  stop_moved_at: Millis | null;
  /** A pending order's expiry; NULL: good till cancelled. */
  expire_at: Millis | null;
  /** Of a closed part of a position: the position it was taken from. */
  part_of: Int | null;
}
