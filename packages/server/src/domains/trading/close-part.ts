import {
  closePartAt,
  closingPrice,
  type Lots,
  type PartialCloseRefusal,
  type PricePoints,
} from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { ownOrder } from './account-orders.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { marketOf, type PricingMarket } from './position-values.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** What a partial close left: the closed part (in history) and the position that goes on. */
export interface PartClosed {
  part: OrderRecord;
  remaining: OrderRecord;
}

/** The trader closes `lots` of a position at the price of now (issue 40). */
export function closePart(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  orderId: number,
  lots: Lots,
): Promise<PartClosed> {
  return runForTrader(deps.core, user, closePartCommand(deps.rules, orderId, lots));
}

/**
 * The engine splits the position (both parts at least the minimum lot, on the step; margin
 * and fee by volume, summing to the whole) and prices the part at the closing side of now.
 * The part becomes a history row of its own (`part_of` the position), its margin and P&L go
 * back to the balance, and the position keeps its id, open price, stops and trailing stop
 * with what remains — both in this one command.
 */
export function closePartCommand(
  rules: Pick<TradingRules, 'market'>,
  orderId: number,
  lots: Lots,
): AccountCommand<PartClosed> {
  const { market } = rules;
  return {
    name: 'close-part',
    async run(ctx) {
      const order = await ownOrder(ctx, orderId, ORDER.closePart);
      if (!market.isOpen(market.instrument(order.instrumentId)))
        throw new AppError('MARKET_CLOSED_FOR_CLOSE');
      const price = closingPrice(order.side, market.quotePoints(order.instrumentId));
      const done = await closePartAtPrice(ctx, market, order, lots, price);
      if (!done.ok) throw new AppError(done.reason);
      return done;
    },
  };
}

/**
 * Closes `lots` of a holding position at `price` inside a command (the trader's close at the
 * price of now, a copy's at its leader's): a refusal of the engine's split changes nothing.
 */
export async function closePartAtPrice(
  ctx: CommandContext,
  market: PricingMarket,
  order: OrderRecord,
  lots: Lots,
  price: PricePoints,
): Promise<({ ok: true } & PartClosed) | { ok: false; reason: PartialCloseRefusal }> {
  const done = closePartAt(
    marketOf(market, order.instrumentId),
    { ...order, openPrice: order.openPrice! },
    lots,
    price,
  );
  if (!done.ok) return done;
  const orders = ctx.repository(createOrdersRepository);
  const remaining = await orders.reduce(order, {
    lots: done.remaining.lots,
    margin: done.remaining.margin,
    fee: done.remaining.fee,
  });
  const part = await orders.insertClosedPart(order, { ...done.closed, at: ctx.at });
  ctx.post(done.ledger, part.id);
  ctx.emit({ type: 'order', change: 'reduced', order: remaining });
  ctx.emit({ type: 'order', change: 'closed', order: part });
  return { ok: true, part, remaining };
}
