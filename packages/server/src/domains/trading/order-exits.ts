import {
  type CloseReason,
  closeAt,
  closingPrice,
  type LedgerEntry,
  negateMicros,
  type PricePoints,
} from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { marketOf, type PricingMarket } from './position-values.ts';
import './order-events.ts';

// How an order leaves the account's lists inside a command: a position closed at a price (by
// hand, TP/SL, stop-out, a copy's leader, a reset), a pending order withdrawn after its reserve
// went back to the balance.

/** Closes the position at `price`: margin and P&L back to the balance, with `extra` rows. */
export async function closeAtPrice(
  ctx: CommandContext,
  market: PricingMarket,
  order: OrderRecord,
  price: PricePoints,
  reason: CloseReason,
  extra: readonly LedgerEntry[] = [],
): Promise<OrderRecord> {
  const closed = closeAt(
    { side: order.side, lots: order.lots, openPrice: order.openPrice!, margin: order.margin },
    marketOf(market, order.instrumentId),
    price,
  );
  const finished = await ctx.repository(createOrdersRepository).finish(order, ORDER.close, {
    closePrice: closed.closePrice,
    pnl: closed.pnl,
    reason,
    at: ctx.at,
  });
  ctx.post([...closed.ledger, ...extra], order.id);
  ctx.emit({ type: 'order', change: 'closed', order: finished });
  return finished;
}

/** Closes the position at the price of now: its side's closing price at the current quote. */
export const closeAtMarket = (
  ctx: CommandContext,
  market: PricingMarket,
  order: OrderRecord,
  reason: CloseReason,
): Promise<OrderRecord> =>
  closeAtPrice(
    ctx,
    market,
    order,
    closingPrice(order.side, market.quotePoints(order.instrumentId)),
    reason,
  );

/** A pending order's reserve back to the balance (before it fills or leaves). */
export function releaseReserve(ctx: CommandContext, order: OrderRecord): void {
  ctx.post(
    [{ kind: 'reserve-release', amount: order.reserve }],
    order.id,
    negateMicros(order.reserve),
  );
}

/** A pending order leaves the lists without trading (its reserve released before). */
export async function withdrawPending(
  ctx: CommandContext,
  order: OrderRecord,
  reason: CloseReason,
): Promise<OrderRecord> {
  const finished = await ctx
    .repository(createOrdersRepository)
    .finish(order, ORDER.cancel, { closePrice: null, pnl: null, reason, at: ctx.at });
  ctx.emit({ type: 'order', change: 'cancelled', order: finished });
  return finished;
}
