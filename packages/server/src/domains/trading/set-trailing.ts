import {
  closingPrice,
  NO_PRICE,
  type PricePoints,
  type Quote,
  type Side,
  type TrailingStop,
  trail,
} from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { ownOrder } from './account-orders.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** Whether stop `a` is tighter than `b` for a position of `side` (0: no stop). */
export function tightens(side: Side, a: PricePoints, b: PricePoints): boolean {
  if (a === 0n) return false;
  if (b === 0n) return true;
  return side === 'buy' ? a > b : a < b;
}

/** A trailing stop as the trader asks for it: 0 distance for none, 0 activation for at once. */
export interface TrailingRequest {
  distance: PricePoints;
  activation: PricePoints;
}

/** No trailing stop. */
export const NO_TRAILING: TrailingStop = {
  distance: NO_PRICE,
  activation: NO_PRICE,
  active: false,
};

/**
 * A trailing stop started at this quote: checked (its distance below the price, so that a
 * buy's stop stays above zero; its activation price ahead of the price, in the position's
 * favour, as Bybit requires) and trailed once, so that the stop it sets shows at once — the
 * eToro example's first stop, 1.0900 at 1.1000 with 0.0100, is the one the trader set.
 */
export function startTrailing(
  side: Side,
  request: TrailingRequest,
  stopLoss: PricePoints,
  quote: Quote,
): { trailing: TrailingStop; stopLoss: PricePoints } {
  if (request.distance === 0n) return { trailing: NO_TRAILING, stopLoss };
  const price = closingPrice(side, quote);
  if (side === 'buy' && request.distance >= price)
    throw new AppError('TRAILING_DISTANCE_TOO_LARGE');
  const ahead = side === 'buy' ? request.activation > price : request.activation < price;
  if (request.activation !== 0n && !ahead) throw new AppError('ACTIVATION_WRONG_SIDE');
  const trailing = { ...request, active: false };
  const trailed = trail(side, trailing, stopLoss, quote);
  return { trailing: { ...trailing, active: trailed.active }, stopLoss: trailed.stopLoss };
}

/** The trader sets, changes or removes (distance 0) a position's trailing stop (issue 40). */
export function setTrailing(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  orderId: number,
  request: TrailingRequest,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, setTrailingCommand(deps.rules, orderId, request));
}

/**
 * Sets the trailing stop at the quote of now. Removing it keeps the stop loss where it had
 * moved it: from then on an ordinary stop loss.
 */
export function setTrailingCommand(
  rules: Pick<TradingRules, 'market' | 'trailedStop'>,
  orderId: number,
  request: TrailingRequest,
): AccountCommand<OrderRecord> {
  const { market } = rules;
  return {
    name: 'set-trailing',
    async run(ctx) {
      const order = await ownOrder(ctx, orderId, ORDER.setStops);
      const quote = market.quotePoints(order.instrumentId);
      // The trailing stop being replaced may have moved the stop further than last stored.
      const trailed = order.trailing.distance > 0n ? rules.trailedStop?.(order) : undefined;
      const stopLoss =
        trailed !== undefined && tightens(order.side, trailed, order.stopLoss)
          ? trailed
          : order.stopLoss;
      const started = startTrailing(order.side, request, stopLoss, quote);
      const updated = await ctx
        .repository(createOrdersRepository)
        .setTrailing(order, started.trailing, started.stopLoss, ctx.at);
      ctx.emit({ type: 'order', change: 'trailing', order: updated });
      return updated;
    },
  };
}
