import type { Id, Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface TradingTables {
  orders: OrdersTable;
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
}
