import { ORDER_STATUSES, type Order } from '@tradedesk/contract';

/**
 * Whether an order never became a position: a pending order, or one that left the pending
 * list without a fill — cancelled by the trader, by a demo reset, or by a stop-out (which
 * cancels pending orders first). Such an order has no fill price, no close price and no P&L,
 * whatever its close reason says.
 */
export function neverTraded(order: Pick<Order, 'Status' | 'Price'>): boolean {
  return (
    order.Status === ORDER_STATUSES.pending ||
    (order.Status === ORDER_STATUSES.history && order.Price === 0)
  );
}
