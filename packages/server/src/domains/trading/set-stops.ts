import { checkStops, type PricePoints } from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { ownOrder } from './account-orders.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** The trader sets a position's take profit and stop loss (NO_PRICE: none). */
export function setStops(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  orderId: number,
  takeProfit: PricePoints,
  stopLoss: PricePoints,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, setStopsCommand(deps.rules, orderId, takeProfit, stopLoss));
}

/** The stops must lie on their sides of the quote of now (the engine's `checkStops`). */
export function setStopsCommand(
  rules: Pick<TradingRules, 'market'>,
  orderId: number,
  takeProfit: PricePoints,
  stopLoss: PricePoints,
): AccountCommand<OrderRecord> {
  return {
    name: 'set-stops',
    async run(ctx) {
      const order = await ownOrder(ctx, orderId, ORDER.setStops);
      const { bid, ask } = rules.market.quotePoints(order.instrumentId);
      const check = checkStops(order.side, bid, ask, takeProfit, stopLoss);
      if (!check.ok) throw new AppError(check.reason);
      const updated = await ctx
        .repository(createOrdersRepository)
        .setStops(order, takeProfit, stopLoss, ctx.at);
      ctx.emit({ type: 'order', change: 'stops', order: updated });
      return updated;
    },
  };
}
