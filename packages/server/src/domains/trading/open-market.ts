import { openAtMarket, type PricePoints } from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { decideOnFunds } from './account-orders.ts';
import { firstAnswer, newOrder, orderTerms } from './order-placement.ts';
import type { OrderRecord } from './order-record.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { NO_TRAILING, startTrailing } from './set-trailing.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** The trader's market order: the position it opened (or the first answer to its key). */
export function openMarket(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  request: OrderRequest,
  idempotency?: Idempotency,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, openMarketCommand(deps.rules, request, idempotency));
}

/**
 * A market order as a command: priced at the quote of now, or at `quote` (a copy opening at
 * its leader's tick); a refusal is thrown before anything is written.
 */
export function openMarketCommand(
  rules: TradingRules,
  request: OrderRequest,
  idempotency?: Idempotency,
  quote?: { bid: PricePoints; ask: PricePoints },
): AccountCommand<OrderRecord> {
  return {
    name: 'open-market',
    async run(ctx) {
      const first = await firstAnswer(ctx, idempotency);
      if (first) return first;
      const { funds, market } = await orderTerms(ctx, rules, request, 'market');
      const result = decideOnFunds(funds, (paying) =>
        openAtMarket(paying, quote ? { ...market, quote } : market, request),
      );
      if (!result.ok) throw new AppError(result.reason);
      const { openPrice, margin, fee } = result.position;
      const started = startTrailing(
        request.side,
        request.trailing ?? NO_TRAILING,
        request.stopLoss,
        quote ?? market.quote,
      );
      const order = await ctx.repository(createOrdersRepository).insert(
        newOrder(ctx, request, idempotency, {
          open_price: openPrice,
          margin,
          fee,
          opened_at: ctx.at,
          stop_loss: started.stopLoss,
          trailing_distance: started.trailing.distance,
          trailing_activation: started.trailing.activation,
          trailing_active: started.trailing.active ? 1 : 0,
        }),
      );
      ctx.post(result.ledger, order.id);
      ctx.emit({ type: 'order', change: 'opened', order });
      return order;
    },
  };
}
