import {
  asPricePoints,
  checkPendingPrice,
  fillTrigger,
  formatDecimal,
  NO_PRICE,
  type PricePoints,
  placePending,
} from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { decideOnFunds } from './account-orders.ts';
import { expiryOf } from './order-expiry.ts';
import { ORDER } from './order-lifecycle.ts';
import { firstAnswer, newOrder, orderTerms } from './order-placement.ts';
import type { OrderRecord } from './order-record.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { NO_TRAILING, startTrailing } from './set-trailing.ts';
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
      const instrument = rules.market.instrument(request.instrumentId);
      const price = checkPendingPrice(
        request.side,
        request.target,
        market.quote,
        asPricePoints(BigInt(instrument.stopLevel)),
      );
      if (!price.ok)
        throw new AppError(price.reason, {
          distance: formatDecimal(BigInt(instrument.stopLevel), instrument.precision),
        });
      // The trailing stop is checked at the price the order fills at, and starts once filled.
      const at = { bid: request.target, ask: request.target };
      const { trailing } = startTrailing(
        request.side,
        request.trailing ?? NO_TRAILING,
        NO_PRICE,
        at,
      );
      const result = decideOnFunds(funds, (paying) => placePending(paying, market, request));
      if (!result.ok) throw new AppError(result.reason);
      const order = await ctx.repository(createOrdersRepository).insert(
        newOrder(ctx, request, idempotency, {
          status: ORDER.place.to,
          target_price: request.target,
          fill_direction: fillTrigger(0, request.side, request.target, market.quote).direction,
          reserve: result.reserve,
          trailing_distance: trailing.distance,
          trailing_activation: trailing.activation,
          trailing_active: 0,
          expire_at: expiryOf(request.expiry ?? 'gtc', instrument, ctx.at),
        }),
      );
      ctx.post(result.ledger, order.id, result.reserve);
      ctx.emit({ type: 'order', change: 'placed', order });
      return order;
    },
  };
}
