import type { ExpiryRequest } from '@tradedesk/contract';
import {
  addMicros,
  asPricePoints,
  checkPendingPrice,
  formatDecimal,
  type Micros,
  negateMicros,
  type PricePoints,
  pendingReached,
  placePending,
  subtractMicros,
} from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { tradeFeeTypeOf } from '../settings/index.ts';
import type { UserRecord } from '../users/index.ts';
import { decideOnFunds, fundsOver, holdingsFor, ownOrder } from './account-orders.ts';
import { expiryOf } from './order-expiry.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { marketOf } from './position-values.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** A pending order's new terms: a stop or expiry left undefined stays as it is. */
export interface PendingChange {
  target: PricePoints;
  takeProfit?: PricePoints;
  stopLoss?: PricePoints;
  expiry?: ExpiryRequest;
}

/** The trader moves a pending order (issue 40): its price, stops and expiry. */
export function modifyPending(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  orderId: number,
  change: PendingChange,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, modifyPendingCommand(deps.rules, orderId, change));
}

/**
 * Posts the difference between a pending order's old and new reserve as one ledger row: more
 * held (a `reserve` row) or some released (`reserve-release`); nothing when they are equal.
 */
function postReserveDifference(ctx: CommandContext, order: OrderRecord, reserve: Micros): void {
  const more = subtractMicros(reserve, order.reserve);
  if (more > 0n) ctx.post([{ kind: 'reserve', amount: negateMicros(more) }], order.id, more);
  if (more < 0n)
    ctx.post([{ kind: 'reserve-release', amount: negateMicros(more) }], order.id, more);
}

/**
 * The type and side stay (Buy Limit below the Ask, …: `checkPendingPrice` with the order's
 * fill direction), the price keeps the instrument's stop level from the market, and an order
 * the market has already reached is filling — it can no longer be moved. The reserve is priced
 * again at the new price and stops, as placing prices it, with the old reserve counted as the
 * account's: the difference is held or released in the same command.
 */
export function modifyPendingCommand(
  rules: TradingRules,
  orderId: number,
  change: PendingChange,
): AccountCommand<OrderRecord> {
  const { market } = rules;
  return {
    name: 'modify-pending',
    async run(ctx) {
      const order = await ownOrder(ctx, orderId, ORDER.modify);
      const instrument = market.instrument(order.instrumentId);
      if (!market.isOpen(instrument)) throw new AppError('MARKET_CLOSED');
      const quote = market.quotePoints(order.instrumentId);
      if (pendingReached(order.side, order.fillDirection!, order.targetPrice!, quote))
        throw new AppError('ORDER_FILLING');
      const stopLevel = asPricePoints(BigInt(instrument.stopLevel));
      const price = checkPendingPrice(
        order.side,
        change.target,
        quote,
        stopLevel,
        order.fillDirection!,
      );
      if (!price.ok)
        throw new AppError(price.reason, {
          distance: formatDecimal(BigInt(instrument.stopLevel), instrument.precision),
        });
      const terms = {
        side: order.side,
        lots: order.lots,
        leverage: order.leverage,
        takeProfit: change.takeProfit ?? order.takeProfit,
        stopLoss: change.stopLoss ?? order.stopLoss,
        target: change.target,
      };
      const expireAt =
        change.expiry === undefined ? order.expireAt : expiryOf(change.expiry, instrument, ctx.at);
      const bounds = fundsOver(ctx, market, await holdingsFor(ctx, rules));
      // The order's own reserve is the account's to spend on its new price.
      const funds = { ...bounds, balance: addMicros(bounds.balance, order.reserve) };
      const pricing = {
        ...marketOf(market, order.instrumentId),
        feeType: tradeFeeTypeOf(await ctx.settings()),
      };
      const result = decideOnFunds(funds, (paying) => placePending(paying, pricing, terms));
      if (!result.ok) throw new AppError(result.reason);
      postReserveDifference(ctx, order, result.reserve);
      const moved = await ctx.repository(createOrdersRepository).modifyPending(order, {
        targetPrice: change.target,
        takeProfit: terms.takeProfit,
        stopLoss: terms.stopLoss,
        reserve: result.reserve,
        expireAt,
      });
      ctx.emit({ type: 'order', change: 'modified', order: moved });
      return moved;
    },
  };
}
