import {
  accountFigures,
  type CloseReason,
  closeAt,
  closingPrice,
  type LedgerEntry,
  type Market,
  type Micros,
  negateMicros,
  openAtMarket,
  type PendingValue,
  type PositionValue,
  type PricePoints,
  planStopOut,
  sumMicros,
} from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { tradeFeeTypeOf } from '../settings/index.ts';
import { isHolding, isPending, ORDER, type OrderTransition } from './order-lifecycle.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import { liveFigures } from './order-wire.ts';
import type { NewOrder, OrderRecord, OrdersRepository } from './orders.repository.ts';
import './order-events.ts';
import type { QuoteReader } from '../market/index.ts';

export interface TradingStepsDeps {
  orders: OrdersRepository;
  /** The quotes of now (the replay's of a past moment): see `QuoteReader`. */
  market: QuoteReader;
  /** Margin level (10^-4) below which stop-out cancels pending orders and closes positions. */
  stopOutLevel: bigint;
  /**
   * Per account: open positions and pending orders together, and pending orders alone. A
   * pending order counts against the first cap already, so its fill never passes it.
   */
  caps: OrderCaps;
  /** Memory's open positions of the account if memory is at exactly `version`. */
  positionsAt?: (accountId: number, version: number) => OrderRecord[] | undefined;
  /** Memory's pending and holding orders of the account if memory is at exactly `version`. */
  liveOrdersAt?: (accountId: number, version: number) => OrderRecord[] | undefined;
}

export interface OrderCaps {
  openOrders: number;
  pendingOrders: number;
}

/** Pending orders as stop-out and equity see them: what cancelling each returns to the balance. */
export function pendingOf(orders: Iterable<OrderRecord>): PendingValue[] {
  const pending: PendingValue[] = [];
  for (const o of orders) if (isPending(o)) pending.push({ id: String(o.id), reserve: o.reserve });
  return pending;
}

/**
 * The steps trading's commands are made of, each on a command's context: reading positions
 * and funds, closing, releasing reserves, stop-out, and the preamble of placing an order.
 */
export function createTradingSteps(deps: TradingStepsDeps) {
  const { orders, market, stopOutLevel } = deps;

  const marketOf = (instrumentId: number) => ({
    spec: market.spec(instrumentId),
    quote: market.quotePoints(instrumentId),
    rates: market.rates(instrumentId),
  });

  /** Positions at the current quotes: one valuation for the figures, stop-out and the wire. */
  function value(positions: Iterable<OrderRecord>): PositionValue[] {
    const values: PositionValue[] = [];
    for (const p of positions)
      if (isHolding(p))
        values.push({
          id: String(p.id),
          margin: p.margin,
          floatingPnl: liveFigures(p, market).pnl,
        });
    return values;
  }

  /**
   * The account's open positions as the database holds them. Memory's copy stands in only
   * when it is provably the same: its version is the one read under this command's lock (every
   * change of an order is a commit that bumps it, and memory applies commits in order) and
   * the command has not moved an order yet. Otherwise — another node's commit not yet seen, a
   * rebuild under way — they are read.
   */
  async function positionsOf(ctx: CommandContext): Promise<OrderRecord[]> {
    if (!ctx.events.some((event) => event.type === 'order')) {
      const known = deps.positionsAt?.(ctx.accountId, ctx.account.version);
      if (known) return known;
    }
    return orders.ofUser(ctx.accountId, 'holding', ctx.trx);
  }

  /**
   * The account's pending and holding orders as the database holds them, on the same proof
   * as `positionsOf`: what placing an order needs (its caps and its free margin) in one read.
   */
  async function liveOrdersOf(ctx: CommandContext): Promise<OrderRecord[]> {
    if (!ctx.events.some((event) => event.type === 'order')) {
      const known = deps.liveOrdersAt?.(ctx.accountId, ctx.account.version);
      if (known) return known;
    }
    return orders.liveOf(ctx.accountId, ctx.trx);
  }

  /**
   * Balance and free margin over the account's live orders: positions valued at the current
   * quotes, pending reserves in equity (DECISIONS.md).
   */
  function fundsOver(ctx: CommandContext, live: Iterable<OrderRecord>) {
    const orders = [...live];
    const reserved = sumMicros(pendingOf(orders).map((p) => p.reserve));
    const figures = accountFigures({ balance: ctx.account.balance, reserved }, value(orders));
    return { balance: ctx.account.balance, freeMargin: figures.freeMargin };
  }

  /**
   * Balance and free margin over the live orders the database holds; `releasing` is a pending
   * order whose reserve this command has already returned to the balance (a fill).
   */
  async function funds(ctx: CommandContext, releasing?: number) {
    const live = await liveOrdersOf(ctx);
    return fundsOver(
      ctx,
      live.filter((order) => order.id !== releasing),
    );
  }

  function ensureMarketOpen(instrumentId: number): void {
    if (!market.isOpen(market.instrument(instrumentId))) throw new AppError('MARKET_CLOSED');
  }

  /** The account's own order, in a state `step` leaves when one is named. */
  async function owned(ctx: CommandContext, orderId: number, step?: OrderTransition) {
    const order = await orders.find(orderId, ctx.trx);
    // Someone else's order is answered exactly like a missing one.
    if (!order || order.userId !== ctx.accountId) throw new AppError('ORDER_NOT_FOUND');
    if (step && !canApply(step, order.status)) throw new AppError('ORDER_NOT_OPEN');
    return order;
  }

  async function closePosition(
    ctx: CommandContext,
    order: OrderRecord,
    price: PricePoints,
    reason: CloseReason,
    extra: readonly LedgerEntry[] = [],
  ): Promise<OrderRecord> {
    const closed = closeAt(
      { side: order.side, lots: order.lots, openPrice: order.openPrice!, margin: order.margin },
      marketOf(order.instrumentId),
      price,
    );
    const finished = await orders.finish(
      order,
      ORDER.close,
      { closePrice: closed.closePrice, pnl: closed.pnl, reason, at: ctx.at },
      ctx.trx,
    );
    ctx.post([...closed.ledger, ...extra], order.id);
    ctx.emit({ type: 'order', change: 'closed', order: finished });
    return finished;
  }

  const closeAtMarket = (ctx: CommandContext, order: OrderRecord, reason: CloseReason) =>
    closePosition(
      ctx,
      order,
      closingPrice(order.side, market.quotePoints(order.instrumentId)),
      reason,
    );

  function releaseReserve(ctx: CommandContext, order: OrderRecord): void {
    ctx.post(
      [{ kind: 'reserve-release', amount: order.reserve }],
      order.id,
      negateMicros(order.reserve),
    );
  }

  /** A pending order leaves the lists without trading (its reserve released before). */
  async function withdrawPending(ctx: CommandContext, order: OrderRecord, reason: CloseReason) {
    const finished = await orders.finish(
      order,
      ORDER.cancel,
      { closePrice: null, pnl: null, reason, at: ctx.at },
      ctx.trx,
    );
    ctx.emit({ type: 'order', change: 'cancelled', order: finished });
    return finished;
  }

  /**
   * Stop-out and negative balance protection (DECISIONS.md, the engine's `planStopOut`) on the
   * account's live orders: while the margin level is below the stop-out level, pending orders
   * are cancelled (largest reserve first), then positions closed (largest loss first); with
   * nothing open, a balance below 0 is settled from reserves, then brought to 0 by protection
   * (in the last close's update, or alone).
   */
  async function stopOut(ctx: CommandContext, live: readonly OrderRecord[]): Promise<void> {
    const plan = planStopOut(ctx.account.balance, value(live), pendingOf(live), stopOutLevel);
    const byId = new Map(live.map((order) => [String(order.id), order]));
    for (const id of plan.cancel) {
      const order = byId.get(id)!;
      releaseReserve(ctx, order);
      await withdrawPending(ctx, order, 'stop-out');
    }
    const protection: LedgerEntry[] =
      plan.protection > 0n ? [{ kind: 'protection', amount: plan.protection }] : [];
    if (plan.close.length === 0 && protection.length > 0) ctx.post(protection, null);
    for (const [index, id] of plan.close.entries()) {
      const position = byId.get(id)!;
      const last = index === plan.close.length - 1;
      await closePosition(
        ctx,
        position,
        closingPrice(position.side, market.quotePoints(position.instrumentId)),
        'stop-out',
        last ? protection : [],
      );
    }
  }

  /**
   * Refuses an order beyond the account's caps, counted under the account's lock so that
   * racing submits cannot pass them together. Without caps one free demo account opened
   * thirteen thousand positions, every tick revaluing them all.
   */
  function ensureRoom(live: readonly OrderRecord[], kind: 'market' | 'pending'): void {
    const pending = live.filter(isPending).length;
    if (live.length >= deps.caps.openOrders)
      throw new AppError('TOO_MANY_OPEN_ORDERS', { max: deps.caps.openOrders });
    if (kind === 'pending' && pending >= deps.caps.pendingOrders)
      throw new AppError('TOO_MANY_PENDING_ORDERS', { max: deps.caps.pendingOrders });
  }

  /** The order a repeated Idempotency-Key placed (Stripe's semantics); a different request is refused. */
  async function firstAnswer(ctx: CommandContext, idempotency: Idempotency | undefined) {
    if (!idempotency) return undefined;
    const first = await orders.findByIdempotencyKey(ctx.accountId, idempotency.key, ctx.trx);
    if (first && first.requestHash !== idempotency.hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return first;
  }

  /**
   * What placing any order shares: the first answer to a repeated Idempotency-Key, the
   * market's hours, the funds and the market it is priced in; `place` prices and writes the
   * order, and the new row carries the key with everything else a new order starts with.
   */
  function placing(
    kind: 'market' | 'pending',
    request: OrderRequest,
    idempotency: Idempotency | undefined,
    place: (
      ctx: CommandContext,
      funds: { balance: Micros; freeMargin: Micros },
      market: Market,
      insert: (fields: Partial<NewOrder>) => Promise<OrderRecord>,
    ) => Promise<OrderRecord>,
  ): AccountCommand<OrderRecord> {
    return {
      name: kind === 'market' ? 'open-market' : 'place-pending',
      async run(ctx) {
        const first = await firstAnswer(ctx, idempotency);
        if (first) return first;
        ensureMarketOpen(request.instrumentId);
        const live = await liveOrdersOf(ctx);
        ensureRoom(live, kind);
        const insert = (fields: Partial<NewOrder>) =>
          orders.insert(
            {
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
              ...fields,
            },
            ctx.trx,
          );
        // The fee type as the settings stand under this command's lock.
        const feeType = tradeFeeTypeOf(await ctx.settings());
        const market = { ...marketOf(request.instrumentId), feeType };
        return place(ctx, fundsOver(ctx, live), market, insert);
      },
    };
  }

  /**
   * A market order as a command: priced at the quote of now, or at `quote` (a copy opening at
   * its leader's tick); a refusal is thrown before anything is written.
   */
  function openingAtMarket(
    request: OrderRequest,
    idempotency?: Idempotency,
    quote?: { bid: PricePoints; ask: PricePoints },
  ): AccountCommand<OrderRecord> {
    return placing('market', request, idempotency, async (ctx, funds, m, insert) => {
      const result = openAtMarket(funds, quote ? { ...m, quote } : m, request);
      if (!result.ok) throw new AppError(result.reason);
      const p = result.position;
      const order = await insert({
        open_price: p.openPrice,
        margin: p.margin,
        fee: p.fee,
        opened_at: ctx.at,
      });
      ctx.post(result.ledger, order.id);
      ctx.emit({ type: 'order', change: 'opened', order });
      return order;
    });
  }

  return {
    value,
    marketOf,
    openingAtMarket,
    positionsOf,
    liveOrdersOf,
    funds,
    owned,
    closePosition,
    closeAtMarket,
    releaseReserve,
    withdrawPending,
    stopOut,
    placing,
  };
}

export type TradingSteps = ReturnType<typeof createTradingSteps>;
