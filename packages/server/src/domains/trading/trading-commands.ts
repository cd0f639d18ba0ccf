import {
  accountFigures,
  type CloseReason,
  checkStops,
  closeAt,
  closingPrice,
  fillTrigger,
  type LedgerEntry,
  type Lots,
  NO_PRICE,
  negateMicros,
  openAtMarket,
  type PositionValue,
  type PricePoints,
  placePending,
  planStopOut,
  type Side,
} from '@tradedesk/engine';
import type { AccountCommand, CommandContext, CommandPolicy } from '../../core/command-core.ts';
import { AppError } from '../../http/app-error.ts';
import type { MarketService } from '../market/market.service.ts';
import { liveFigures } from './order-wire.ts';
import type { NewOrder, OrderRecord, OrdersRepository } from './orders.repository.ts';
import type { TriggerKind } from './trigger-host.ts';
import './order-events.ts';

/** Stripe's idempotency: the client's key and a hash of the parameters it came with. */
export interface Idempotency {
  key: string;
  hash: string;
}

export interface OrderRequest {
  instrumentId: number;
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

/** What a trigger command found: done, or the order no longer in the state memory had. */
export type TriggerOutcome = 'done' | 'stale';

/**
 * The trading rules of each command, run by the command core on a locked account: every
 * figure a rule decides on is read from the database in the command's transaction.
 */
export function createTradingCommands(deps: {
  orders: OrdersRepository;
  market: MarketService;
  /** Margin level (10^-4) at or below which stop-out closes positions. */
  stopOutLevel: bigint;
  /** Memory's open positions of the account if memory is at exactly `version`. */
  positionsAt?: (accountId: number, version: number) => OrderRecord[] | undefined;
}) {
  const { orders, market, stopOutLevel } = deps;

  const marketOf = (instrumentId: number) => ({
    spec: market.spec(instrumentId),
    quote: market.quotePoints(instrumentId),
    conversion: market.conversion(instrumentId),
  });

  /** Positions at the current quotes: one valuation for the figures, stop-out and the wire. */
  function value(positions: Iterable<OrderRecord>): PositionValue[] {
    const values: PositionValue[] = [];
    for (const p of positions)
      if (p.status === 1)
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
    return orders.ofUser(ctx.accountId, 1, ctx.trx);
  }

  /** Balance and free margin over the positions the database holds. */
  async function funds(ctx: CommandContext) {
    const figures = accountFigures(ctx.account.balance, value(await positionsOf(ctx)));
    return { balance: ctx.account.balance, freeMargin: figures.freeMargin };
  }

  function ensureMarketOpen(instrumentId: number): void {
    if (!market.isOpen(market.instrument(instrumentId))) throw new AppError('MARKET_CLOSED');
  }

  /** The account's own order, in `status` when one is named. */
  async function owned(ctx: CommandContext, orderId: number, status?: 0 | 1) {
    const order = await orders.find(orderId, ctx.trx);
    // Someone else's order is answered exactly like a missing one.
    if (!order || order.userId !== ctx.accountId) throw new AppError('ORDER_NOT_FOUND');
    if (status !== undefined && order.status !== status) throw new AppError('ORDER_NOT_OPEN');
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
      { closePrice: null, pnl: null, reason, at: ctx.at },
      ctx.trx,
    );
    ctx.emit({ type: 'order', change: 'cancelled', order: finished });
    return finished;
  }

  /**
   * Stop-out (DECISIONS.md): close the largest loss first while the margin level is at or
   * below the stop-out level or the balance below 0; a balance still below 0 once nothing is
   * open is brought to 0 (negative balance protection), in the last close's update.
   */
  async function stopOut(ctx: CommandContext, positions: readonly OrderRecord[]): Promise<void> {
    const plan = planStopOut(ctx.account.balance, value(positions), stopOutLevel);
    const protection: LedgerEntry[] =
      plan.protection > 0n ? [{ kind: 'protection', amount: plan.protection }] : [];
    if (plan.close.length === 0 && protection.length > 0) ctx.post(protection, null);
    for (const [index, id] of plan.close.entries()) {
      const position = positions.find((p) => String(p.id) === id)!;
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

  /** The order a repeated Idempotency-Key placed (Stripe's semantics); a different request is refused. */
  async function firstAnswer(ctx: CommandContext, idempotency: Idempotency | undefined) {
    if (!idempotency) return undefined;
    const first = await orders.findByIdempotencyKey(ctx.accountId, idempotency.key, ctx.trx);
    if (first && first.requestHash !== idempotency.hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return first;
  }

  function newOrder(
    ctx: CommandContext,
    request: OrderRequest,
    fields: Partial<NewOrder>,
  ): NewOrder {
    return {
      user_id: ctx.accountId,
      instrument_id: request.instrumentId,
      side: request.side,
      status: 1,
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
      idempotency_key: null,
      request_hash: null,
      created_at: ctx.at,
      opened_at: null,
      closed_at: null,
      ...fields,
    };
  }

  const idempotencyColumns = (idempotency: Idempotency | undefined) =>
    idempotency ? { idempotency_key: idempotency.key, request_hash: idempotency.hash } : {};

  return {
    value,
    marketOf,

    /**
     * No command leaves a balance below 0. Margin sits outside the balance, so a close (by
     * hand, TP/SL, at a gap) can realize more than the balance while other positions hold the
     * equity: then the stop-out rules run in the same command.
     */
    policy: {
      async beforeCommit(ctx) {
        if (ctx.account.balance >= 0n) return;
        await stopOut(ctx, await positionsOf(ctx));
      },
      async windDown(ctx, reason) {
        for (const pending of await orders.ofUser(ctx.accountId, 0, ctx.trx)) {
          releaseReserve(ctx, pending);
          await withdrawPending(ctx, pending, reason);
        }
        for (const position of await positionsOf(ctx)) await closeAtMarket(ctx, position, reason);
      },
    } satisfies CommandPolicy,

    openMarket(
      request: OrderRequest,
      feeType: 1 | 2,
      idempotency?: Idempotency,
    ): AccountCommand<OrderRecord> {
      return {
        name: 'open-market',
        async run(ctx) {
          const first = await firstAnswer(ctx, idempotency);
          if (first) return first;
          ensureMarketOpen(request.instrumentId);
          const m = { ...marketOf(request.instrumentId), feeType };
          const result = openAtMarket(await funds(ctx), m, request);
          if (!result.ok) throw new AppError(result.reason);
          const p = result.position;
          const order = await orders.insert(
            newOrder(ctx, request, {
              open_price: p.openPrice,
              margin: p.margin,
              fee: p.fee,
              opened_at: ctx.at,
              ...idempotencyColumns(idempotency),
            }),
            ctx.trx,
          );
          ctx.post(result.ledger, order.id);
          ctx.emit({ type: 'order', change: 'opened', order });
          return order;
        },
      };
    },

    placePending(
      request: OrderRequest & { target: PricePoints },
      feeType: 1 | 2,
      idempotency?: Idempotency,
    ): AccountCommand<OrderRecord> {
      return {
        name: 'place-pending',
        async run(ctx) {
          const first = await firstAnswer(ctx, idempotency);
          if (first) return first;
          ensureMarketOpen(request.instrumentId);
          const m = { ...marketOf(request.instrumentId), feeType };
          const result = placePending(await funds(ctx), m, request);
          if (!result.ok) throw new AppError(result.reason);
          const direction = fillTrigger(0, request.side, request.target, m.quote).direction;
          const order = await orders.insert(
            newOrder(ctx, request, {
              status: 0,
              target_price: request.target,
              fill_direction: direction,
              reserve: result.reserve,
              ...idempotencyColumns(idempotency),
            }),
            ctx.trx,
          );
          ctx.post(result.ledger, order.id, result.reserve);
          ctx.emit({ type: 'order', change: 'placed', order });
          return order;
        },
      };
    },

    cancel(orderId: number): AccountCommand<OrderRecord> {
      return {
        name: 'cancel',
        async run(ctx) {
          const order = await owned(ctx, orderId, 0);
          releaseReserve(ctx, order);
          return withdrawPending(ctx, order, 'cancelled');
        },
      };
    },

    close(orderId: number): AccountCommand<OrderRecord> {
      return {
        name: 'close',
        async run(ctx) {
          const order = await owned(ctx, orderId, 1);
          // Outside the session there is no price to close at: say so, and when it can be done.
          if (!market.isOpen(market.instrument(order.instrumentId)))
            throw new AppError('MARKET_CLOSED_FOR_CLOSE');
          return closeAtMarket(ctx, order, 'manual');
        },
      };
    },

    setStops(
      orderId: number,
      takeProfit: PricePoints,
      stopLoss: PricePoints,
    ): AccountCommand<OrderRecord> {
      return {
        name: 'set-stops',
        async run(ctx) {
          const order = await owned(ctx, orderId, 1);
          const { bid, ask } = market.quotePoints(order.instrumentId);
          const check = checkStops(order.side, bid, ask, takeProfit, stopLoss);
          if (!check.ok) throw new AppError(check.reason);
          const updated = await orders.setStops(order, takeProfit, stopLoss, ctx.trx);
          ctx.emit({ type: 'order', change: 'stops', order: updated });
          return updated;
        },
      };
    },

    /**
     * A fill, take profit or stop loss reached by a tick, at that tick's prices. Memory fired
     * it; the database decides: an order no longer in the state memory had is left alone.
     */
    trigger(
      orderId: number,
      kind: TriggerKind,
      quote: { bid: PricePoints; ask: PricePoints },
      feeType: 1 | 2,
    ): AccountCommand<TriggerOutcome> {
      return {
        name: `trigger-${kind}`,
        async run(ctx) {
          const order = await orders.find(orderId, ctx.trx);
          if (!order || order.userId !== ctx.accountId) return 'stale';
          if (kind !== 'fill') {
            if (order.status !== 1) return 'stale';
            await closePosition(
              ctx,
              order,
              closingPrice(order.side, quote),
              kind === 'tp' ? 'take-profit' : 'stop-loss',
            );
            return 'done';
          }
          if (order.status !== 0) return 'stale';
          releaseReserve(ctx, order);
          const result = openAtMarket(
            await funds(ctx),
            { ...marketOf(order.instrumentId), quote, feeType },
            { ...order, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
          );
          if (!result.ok) {
            // The market gapped past what the reserve covered: the order cannot fill.
            await withdrawPending(ctx, order, 'cancelled');
            return 'done';
          }
          const filled = await orders.fill(
            order,
            {
              openPrice: result.position.openPrice,
              margin: result.position.margin,
              fee: result.position.fee,
              at: ctx.at,
            },
            ctx.trx,
          );
          ctx.post(result.ledger, order.id);
          ctx.emit({ type: 'order', change: 'filled', order: filled });
          return 'done';
        },
      };
    },

    /** Stop-out of an account memory screened as due, decided on what the database holds. */
    stopOut(): AccountCommand<void> {
      return {
        name: 'stop-out',
        run: async (ctx) => stopOut(ctx, await positionsOf(ctx)),
      };
    },
  };
}

export type TradingCommands = ReturnType<typeof createTradingCommands>;
