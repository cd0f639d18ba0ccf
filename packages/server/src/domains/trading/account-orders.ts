import {
  addMicros,
  bookPnlExact,
  bookPnlRange,
  type Micros,
  type MicrosRange,
  type Result,
  subtractMicros,
  ZERO_MICROS,
} from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AccountHoldings, holdingMarket, holdingsOf } from './account-holdings.ts';
import { ORDER_STATE, type OrderTransition } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createOrdersRepository } from './orders.repository.ts';
import type { PricingMarket } from './position-values.ts';
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

/**
 * The account's holdings as the database holds them (memory's, on the proof above): what
 * placing or filling an order needs — its caps, its reserves, its positions summed per
 * instrument — without a pass over every order.
 */
export async function holdingsFor(
  ctx: CommandContext,
  rules: Pick<TradingRules, 'holdingsAt'>,
): Promise<AccountHoldings> {
  if (mayTrustMemory(ctx)) {
    const known = rules.holdingsAt?.(ctx.accountId, ctx.account.version);
    if (known) return known;
  }
  return holdingsOf(await ctx.repository(createOrdersRepository).liveOf(ctx.accountId));
}

/**
 * Balance and free margin (balance + reserves + floating P&L) with the free margin bounded
 * from the account's sums per instrument; `exact` values each position.
 */
export interface FundsBounds {
  balance: Micros;
  freeMargin: MicrosRange;
  exact(): Micros;
}

/**
 * The account's funds over its holdings; `releasing` is a pending order whose reserve this
 * command has already returned to the balance (a fill), so it is not counted again.
 */
export function fundsOver(
  ctx: CommandContext,
  market: PricingMarket,
  holdings: AccountHoldings,
  releasing?: OrderRecord,
): FundsBounds {
  const { balance } = ctx.account;
  const reserved = subtractMicros(holdings.reserved, releasing?.reserve ?? ZERO_MICROS);
  const cash = addMicros(balance, reserved);
  const instrumentAt = holdingMarket(market);
  const pnl = bookPnlRange(holdings.positions, instrumentAt);
  return {
    balance,
    freeMargin: { low: addMicros(cash, pnl.low), high: addMicros(cash, pnl.high) },
    exact: () => addMicros(cash, bookPnlExact(holdings.positions, instrumentAt)),
  };
}

/** The account's funds over what it holds now (see `fundsOver`). */
export async function fundsOf(
  ctx: CommandContext,
  rules: TradingRules,
  releasing?: OrderRecord,
): Promise<FundsBounds> {
  return fundsOver(ctx, rules.market, await holdingsFor(ctx, rules), releasing);
}

/**
 * Runs a check that refuses what the free margin cannot pay (INSUFFICIENT_MARGIN) on the
 * bounds: passed at the low end it passes at the exact figure, refused at the high end it is
 * refused there too (a check is monotone in the free margin). Only in between — within a
 * micro-USD per position of the edge — is each position valued.
 */
export function decideOnFunds<T>(
  funds: FundsBounds,
  check: (funds: Funds) => Result<T>,
): Result<T> {
  const { balance, freeMargin } = funds;
  const atLow = check({ balance, freeMargin: freeMargin.low });
  if (atLow.ok || atLow.reason !== 'INSUFFICIENT_MARGIN' || freeMargin.low === freeMargin.high)
    return atLow;
  const atHigh = check({ balance, freeMargin: freeMargin.high });
  if (!atHigh.ok) return atHigh;
  return check({ balance, freeMargin: funds.exact() });
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
