import type { Micros } from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ORDER_STATE, type OrderTransition } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { figuresOver, type PricingMarket } from './position-values.ts';
import type { TradingRules } from './trading-rules.ts';
import './order-events.ts';

/** What an order may take and a close may leave: the balance and the free margin. */
export interface Funds {
  balance: Micros;
  freeMargin: Micros;
}

/**
 * Memory's copy of the account's orders stands in for the database's only when it is provably
 * the same: its version is the one read under this command's lock (every change of an order
 * is a commit that bumps it, and memory applies commits in order) and the command has not
 * moved an order yet. Otherwise — another node's commit not yet seen, a rebuild under way —
 * they are read.
 */
const mayTrustMemory = (ctx: CommandContext): boolean =>
  !ctx.events.some((event) => event.type === 'order');

/** The account's open positions as the database holds them (memory's, on the proof above). */
export async function positionsOf(
  ctx: CommandContext,
  rules: Pick<TradingRules, 'positionsAt'>,
): Promise<OrderRecord[]> {
  if (mayTrustMemory(ctx)) {
    const known = rules.positionsAt?.(ctx.accountId, ctx.account.version);
    if (known) return known;
  }
  return ctx.repository(createOrdersRepository).ofUser(ctx.accountId, ORDER_STATE.holding);
}

/**
 * The account's pending and holding orders as the database holds them, on the same proof as
 * `positionsOf`: what placing an order needs (its caps and its free margin) in one read.
 */
export async function liveOrdersOf(
  ctx: CommandContext,
  rules: Pick<TradingRules, 'liveOrdersAt'>,
): Promise<OrderRecord[]> {
  if (mayTrustMemory(ctx)) {
    const known = rules.liveOrdersAt?.(ctx.accountId, ctx.account.version);
    if (known) return known;
  }
  return ctx.repository(createOrdersRepository).liveOf(ctx.accountId);
}

/** Balance and free margin of the account over these live orders. */
export function fundsOver(
  ctx: CommandContext,
  market: PricingMarket,
  live: readonly OrderRecord[],
): Funds {
  const { balance } = ctx.account;
  return { balance, freeMargin: figuresOver(market, balance, live).freeMargin };
}

/**
 * Balance and free margin over the live orders the database holds; `releasing` is a pending
 * order whose reserve this command has already returned to the balance (a fill).
 */
export async function fundsOf(
  ctx: CommandContext,
  rules: TradingRules,
  releasing?: number,
): Promise<Funds> {
  const live = await liveOrdersOf(ctx, rules);
  return fundsOver(
    ctx,
    rules.market,
    live.filter((order) => order.id !== releasing),
  );
}

/** The account's own order, in a state `step` leaves when one is named. */
export async function ownOrder(
  ctx: CommandContext,
  orderId: number,
  step?: OrderTransition,
): Promise<OrderRecord> {
  const order = await ctx.repository(createOrdersRepository).find(orderId);
  // Someone else's order is answered exactly like a missing one.
  if (!order || order.userId !== ctx.accountId) throw new AppError('ORDER_NOT_FOUND');
  if (step && !canApply(step, order.status)) throw new AppError('ORDER_NOT_OPEN');
  return order;
}
