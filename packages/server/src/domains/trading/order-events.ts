import type { OrderRecord } from './orders.repository.ts';

/**
 * What happened to an order in a command: `opened` at market, `placed` pending, `filled`,
 * `cancelled` (a pending order withdrawn: by the user, a reset, or a gap), `closed` (manual,
 * TP, SL, stop-out, reset), `stops` (TP/SL changed).
 */
export type OrderChange =
  | 'opened'
  | 'placed'
  | 'filled'
  | 'cancelled'
  | 'closed'
  | 'stops'
  /** A pending order's price, stops or expiry moved. */
  | 'modified'
  /** Part of a position closed: the position with what remains. */
  | 'reduced'
  /** A trailing stop set or removed by the trader. */
  | 'trailing'
  /** A trailing stop's move, stored. */
  | 'trailed';

declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /** The order as the command left it. */
    order: { change: OrderChange; order: OrderRecord };
  }
}
