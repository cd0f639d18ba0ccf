import { closingPrice, NO_PRICE, openAtMarket, type PricePoints } from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { tradeFeeTypeOf } from '../settings/index.ts';
import { decideOnFunds, fundsOf } from './account-orders.ts';
import { closeAtPrice, releaseReserve, withdrawPending } from './order-exits.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { marketOf } from './position-values.ts';
import type { TradingRules } from './trading-rules.ts';
import type { TriggerKind } from './trigger-host.ts';
import './order-events.ts';

/** What a trigger command found: done, or the order no longer in the state memory had. */
export type TriggerOutcome = 'done' | 'stale';

type TickQuote = { bid: PricePoints; ask: PricePoints };

/**
 * A fill, take profit or stop loss reached by a tick, at that tick's prices. Memory fired it;
 * the database decides: an order no longer in the state memory had is left alone.
 */
export function fireTriggerCommand(
  rules: TradingRules,
  orderId: number,
  kind: TriggerKind,
  quote: TickQuote,
  level?: PricePoints,
): AccountCommand<TriggerOutcome> {
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: `trigger-${kind}`,
    async run(ctx) {
      const order = await ctx.repository(createOrdersRepository).find(orderId);
      if (!order || order.userId !== ctx.accountId) return 'stale';
      if (kind === 'fill') return fill(ctx, rules, order, quote, level);
      if (!canApply(ORDER.close, order.status)) return 'stale';
      if (kind === 'trail') return trailingStopOut(ctx, rules, order, quote, level);
      // A level the trader moved after memory fired it (the trigger's `level`) is not reached.
      if (level !== undefined && level !== (kind === 'tp' ? order.takeProfit : order.stopLoss))
        return 'stale';
      const reason = kind === 'tp' ? 'take-profit' : 'stop-loss';
      await closeAtPrice(ctx, rules.market, order, closingPrice(order.side, quote), reason);
      return 'done';
    },
  };
}

/**
 * A trailing stop reached: memory trailed it to `level`, which may be ahead of the last move
 * stored (moves are stored every second). It is taken if it is at least as tight as the stored
 * stop — the ratchet — under the trailing stop still set, and this tick reaches it; the final
 * stop is stored with the close, so history shows where it had moved.
 */
async function trailingStopOut(
  ctx: CommandContext,
  rules: TradingRules,
  order: OrderRecord,
  quote: TickQuote,
  level: PricePoints | undefined,
): Promise<TriggerOutcome> {
  if (order.trailing.distance === 0n || level === undefined || level === 0n) return 'stale';
  const price = closingPrice(order.side, quote);
  const buy = order.side === 'buy';
  const reached = buy ? price <= level : price >= level;
  if (!reached) return 'stale';
  const stored =
    level === order.stopLoss
      ? order
      : await ctx
          .repository(createOrdersRepository)
          .moveTrailingStop(order, { stopLoss: level, active: true, at: ctx.at });
  if (!stored) return 'stale';
  await closeAtPrice(ctx, rules.market, stored, price, 'trailing-stop');
  return 'done';
}

/** A pending order filled at the tick's price, its reserve released first. */
async function fill(
  ctx: CommandContext,
  rules: TradingRules,
  order: OrderRecord,
  quote: TickQuote,
  level: PricePoints | undefined,
): Promise<TriggerOutcome> {
  if (!canApply(ORDER.fill, order.status)) return 'stale';
  // Moved (modify_pending) after memory fired it at its old price.
  if (level !== undefined && level !== order.targetPrice) return 'stale';
  releaseReserve(ctx, order);
  const market = {
    ...marketOf(rules.market, order.instrumentId),
    quote,
    feeType: tradeFeeTypeOf(await ctx.settings()),
  };
  const result = decideOnFunds(await fundsOf(ctx, rules, order), (funds) =>
    openAtMarket(funds, market, { ...order, takeProfit: NO_PRICE, stopLoss: NO_PRICE }),
  );
  if (!result.ok) {
    // The market gapped past what the reserve covered: the order cannot fill.
    await withdrawPending(ctx, order, 'cancelled');
    return 'done';
  }
  const filled = await ctx.repository(createOrdersRepository).fill(order, {
    openPrice: result.position.openPrice,
    margin: result.position.margin,
    fee: result.position.fee,
    at: ctx.at,
  });
  ctx.post(result.ledger, order.id);
  ctx.emit({ type: 'order', change: 'filled', order: filled });
  return 'done';
}
