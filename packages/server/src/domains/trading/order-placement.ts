import type { Market } from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { tradeFeeTypeOf } from '../settings/index.ts';
import type { AccountHoldings } from './account-holdings.ts';
import { type FundsBounds, fundsOver, holdingsFor } from './account-orders.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import { createOrdersRepository, type NewOrder } from './orders.repository.ts';
import { marketOf } from './position-values.ts';
import type { OrderCaps, TradingRules } from './trading-rules.ts';

// What placing any order shares (a market order, a pending one): the first answer to a
// repeated Idempotency-Key, the market's hours, the caps, the funds and the market it is
// priced in, and the row a new order starts with.

/** The order a repeated Idempotency-Key placed (Stripe's semantics); a different request is refused. */
export async function firstAnswer(
  ctx: CommandContext,
  idempotency: Idempotency | undefined,
): Promise<OrderRecord | undefined> {
  if (!idempotency) return undefined;
  const first = await ctx
    .repository(createOrdersRepository)
    .findByIdempotencyKey(ctx.accountId, idempotency.key);
  if (first && first.requestHash !== idempotency.hash) throw new AppError('IDEMPOTENCY_MISMATCH');
  return first;
}

/**
 * Refuses an order beyond the account's caps, counted under the account's lock so that
 * racing submits cannot pass them together. Without caps one free demo account opened
 * thirteen thousand positions, every tick revaluing them all.
 */
function ensureRoom(caps: OrderCaps, holdings: AccountHoldings, kind: 'market' | 'pending') {
  if (holdings.live >= caps.openOrders)
    throw new AppError('TOO_MANY_OPEN_ORDERS', { max: caps.openOrders });
  if (kind === 'pending' && holdings.pending >= caps.pendingOrders)
    throw new AppError('TOO_MANY_PENDING_ORDERS', { max: caps.pendingOrders });
}

/**
 * What an order is priced on, checked under the account's lock: its market open, room under
 * the caps, the account's funds, and the instrument with the fee type as the settings stand.
 */
export async function orderTerms(
  ctx: CommandContext,
  rules: TradingRules,
  request: OrderRequest,
  kind: 'market' | 'pending',
): Promise<{ funds: FundsBounds; market: Market }> {
  const { market } = rules;
  if (!market.isOpen(market.instrument(request.instrumentId))) throw new AppError('MARKET_CLOSED');
  const holdings = await holdingsFor(ctx, rules);
  ensureRoom(rules.caps, holdings, kind);
  // The fee type as the settings stand under this command's lock.
  const feeType = tradeFeeTypeOf(await ctx.settings());
  return {
    funds: fundsOver(ctx, market, holdings),
    market: { ...marketOf(market, request.instrumentId), feeType },
  };
}

/** A new order's row: the request, its key, and `fields` over what every order starts with. */
export function newOrder(
  ctx: CommandContext,
  request: OrderRequest,
  idempotency: Idempotency | undefined,
  fields: Partial<NewOrder>,
): NewOrder {
  return {
    user_id: ctx.accountId,
    instrument_id: request.instrumentId,
    side: request.side,
    status: ORDER.open.to,
    lots: request.lots,
    leverage: request.leverage,
    target_price: null,
    fill_direction: null,
    open_price: null,
    close_price: null,
    margin: 0n,
    fee: 0n,
    reserve: 0n,
    take_profit: request.takeProfit,
    stop_loss: request.stopLoss,
    pnl: null,
    close_reason: null,
    idempotency_key: idempotency?.key ?? null,
    request_hash: idempotency?.hash ?? null,
    created_at: ctx.at,
    opened_at: null,
    closed_at: null,
    trailing_distance: 0n,
    trailing_activation: 0n,
    trailing_active: 0,
    stop_moved_at: null,
    expire_at: null,
    part_of: null,
    ...fields,
  };
}
