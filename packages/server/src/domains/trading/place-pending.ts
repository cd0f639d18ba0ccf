import { fillTrigger, type PricePoints, placePending } from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { decideOnFunds } from './account-orders.ts';
import { ORDER } from './order-lifecycle.ts';
import { firstAnswer, newOrder, orderTerms } from './order-placement.ts';
import type { OrderRecord } from './order-record.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** The trader's pending order at `target`: its reserve held until it fills or leaves. */
export function placePendingOrder(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  request: OrderRequest & { target: PricePoints },
  idempotency?: Idempotency,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, placePendingCommand(deps.rules, request, idempotency));
}

/**
 * A pending order as a command: the engine prices its reserve at the quote of now, and the
 * side of the quote its target waits on (at or below, at or above) is kept for the trigger.
 */
export function placePendingCommand(
  rules: TradingRules,
  request: OrderRequest & { target: PricePoints },
  idempotency?: Idempotency,
): AccountCommand<OrderRecord> {
  return {
    name: 'place-pending',
    async run(ctx) {
      const first = await firstAnswer(ctx, idempotency);
      if (first) return first;
      const { funds, market } = await orderTerms(ctx, rules, request, 'pending');
      const result = decideOnFunds(funds, (paying) => placePending(paying, market, request));
      if (!result.ok) throw new AppError(result.reason);
      const order = await ctx.repository(createOrdersRepository).insert(
        newOrder(ctx, request, idempotency, {
          status: ORDER.place.to,
          target_price: request.target,
          fill_direction: fillTrigger(0, request.side, request.target, market.quote).direction,
          reserve: result.reserve,
        }),
      );
      ctx.post(result.ledger, order.id, result.reserve);
      ctx.emit({ type: 'order', change: 'placed', order });
      return order;
    },
  };
}
