import { type ForexTradePush, type MyDeal, PAGE_SIZE } from '@tradedesk/contract';
import {
  type CommandRefusal,
  checkStops,
  closingPrice,
  fillTrigger,
  type Micros,
  microsToNumber,
  type OrderStatus,
  openAtMarket,
  type PositionValue,
  type PricePoints,
  placePending,
} from '@tradedesk/engine';
import { AppError } from '../../http/app-error.ts';
import { accountDetail } from '../accounts/account-detail.ts';
import { pointsToNumber } from '../market/prices.ts';
import type { UserRecord } from '../users/users.repository.ts';
import {
  createOrderBook,
  type Idempotency,
  type OrderRequest,
  type TradingDeps,
  type Trx,
} from './order-book.ts';
import { liveFigures, toWireOrder } from './order-wire.ts';
import type { OrderRecord } from './orders.repository.ts';
import { createTickReactions } from './tick-reactions.ts';

/**
 * The engine host (ARCHITECTURE.md "Trading path"): every command that changes an account's
 * money runs one at a time per account, validates against the current state and writes the
 * order and its ledger rows in one transaction; ticks fire fills, exits and stop-outs.
 */
export function createTradingService(deps: TradingDeps) {
  const { orders, accounts, market, now } = deps;
  const book = createOrderBook(deps);
  const reactions = createTickReactions(book, deps);
  const {
    triggers,
    hold,
    emit,
    marketOf,
    value,
    command,
    freeMargin,
    owned,
    closePosition,
    releaseReserve,
    withdrawPending,
    openOf,
    newOrder,
    openMarketClosedCheck,
  } = book;

  /**
   * The order a repeated Idempotency-Key placed the first time (Stripe's semantics): the
   * same parameters get that order back, different ones are refused. Only placed orders are
   * remembered: a refused submit changed nothing, so its repeat is judged afresh.
   */
  async function firstAnswer(
    user: UserRecord,
    idempotency: Idempotency | undefined,
    trx: Trx,
  ): Promise<OrderRecord | undefined> {
    if (!idempotency) return undefined;
    const first = await orders.findByIdempotencyKey(user.id, idempotency.key, trx);
    if (first && first.requestHash !== idempotency.hash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return first;
  }

  /**
   * What placing any order shares: the fee type (read before the transaction — on SQLite a
   * query beside an open transaction would wait for it), the account's lock, the first
   * answer to a repeated Idempotency-Key, the market's hours and the funds available.
   */
  async function place(
    user: UserRecord,
    request: OrderRequest,
    idempotency: Idempotency | undefined,
    run: (context: {
      trx: Trx;
      funds: Awaited<ReturnType<typeof freeMargin>>;
      feeType: 1 | 2;
    }) => Promise<OrderRecord>,
  ): Promise<OrderRecord> {
    const feeType = await deps.feeType();
    return command(
      user,
      async (trx) => {
        const first = await firstAnswer(user, idempotency, trx);
        if (first) return first;
        openMarketClosedCheck(request.instrumentId);
        return run({ trx, funds: await freeMargin(user.id, trx), feeType });
      },
      true,
    );
  }

  const idempotencyColumns = (idempotency: Idempotency | undefined) =>
    idempotency ? { idempotency_key: idempotency.key, request_hash: idempotency.hash } : {};

  return {
    start: reactions.start,
    onEvent: book.onEvent,
    idle: reactions.idle,

    openMarket(
      user: UserRecord,
      request: OrderRequest,
      idempotency?: Idempotency,
    ): Promise<OrderRecord> {
      return place(user, request, idempotency, async ({ trx, funds, feeType }) => {
        const result = openAtMarket(funds, { ...marketOf(request.instrumentId), feeType }, request);
        if (!result.ok) throw new AppError(result.reason);
        const p = result.position;
        const order = await orders.insert(
          newOrder(user, request, {
            open_price: p.openPrice,
            margin: p.margin,
            fee: p.fee,
            opened_at: now(),
            ...idempotencyColumns(idempotency),
          }),
          trx,
        );
        await accounts.apply(funds.account, result.ledger, order.id, trx);
        triggers.arm(order);
        hold(order);
        return order;
      });
    },

    placePending(
      user: UserRecord,
      request: OrderRequest & { target: PricePoints },
      idempotency?: Idempotency,
    ): Promise<OrderRecord> {
      return place(user, request, idempotency, async ({ trx, funds, feeType }) => {
        const m = { ...marketOf(request.instrumentId), feeType };
        const result = placePending(funds, m, request);
        if (!result.ok) throw new AppError(result.reason satisfies CommandRefusal);
        const direction = fillTrigger(0, request.side, request.target, m.quote).direction;
        const order = await orders.insert(
          newOrder(user, request, {
            status: 0,
            target_price: request.target,
            fill_direction: direction,
            reserve: result.reserve,
            ...idempotencyColumns(idempotency),
          }),
          trx,
        );
        await accounts.apply(funds.account, result.ledger, order.id, trx, result.reserve);
        triggers.arm(order);
        emit({ type: 'changed', order });
        return order;
      });
    },

    cancel(user: UserRecord, orderId: number): Promise<OrderRecord> {
      return command(user, async (trx) => {
        const order = await owned(user, orderId, 0, trx);
        await releaseReserve(order, trx);
        return withdrawPending(order, 'cancelled', trx);
      });
    },

    close(user: UserRecord, orderId: number): Promise<OrderRecord> {
      return command(user, async (trx) => {
        const order = await owned(user, orderId, 1, trx);
        openMarketClosedCheck(order.instrumentId);
        return closePosition(
          order,
          closingPrice(order.side, market.quotePoints(order.instrumentId)),
          'manual',
          trx,
        );
      });
    },

    setStops(
      user: UserRecord,
      orderId: number,
      takeProfit: PricePoints,
      stopLoss: PricePoints,
    ): Promise<OrderRecord> {
      return command(user, async (trx) => {
        const order = await owned(user, orderId, 1, trx);
        const { bid, ask } = market.quotePoints(order.instrumentId);
        const check = checkStops(order.side, bid, ask, takeProfit, stopLoss);
        if (!check.ok) throw new AppError(check.reason);
        await orders.setStops(order.id, takeProfit, stopLoss, trx);
        const updated = (await orders.find(order.id, trx))!;
        triggers.arm(updated);
        hold(updated);
        return updated;
      });
    },

    /**
     * Demo reset (DECISIONS.md): cancel pending orders, close positions at the last price,
     * restore the start balance — all in one transaction under the account's lock.
     */
    async resetDemo(user: UserRecord) {
      if (!user.isDemo) throw new AppError('DEMO_ACCOUNT_ONLY');
      await accounts.ensure(user);
      return book.onAccount(user.id, async (trx) => {
        for (const pending of await orders.ofUser(user.id, 0, trx)) {
          await releaseReserve(pending, trx);
          await withdrawPending(pending, 'demo-reset', trx);
        }
        for (const position of await orders.ofUser(user.id, 1, trx)) {
          await closePosition(
            position,
            closingPrice(position.side, market.quotePoints(position.instrumentId)),
            'demo-reset',
            trx,
          );
        }
        return accounts.resetDemoWithin(user, trx);
      });
    },

    /** One page of my orders of a status, with Σ P&L over all of them and my balance. */
    async list(user: UserRecord, status: OrderStatus, page: number): Promise<MyDeal> {
      const account = await accounts.ensure(user);
      const { rows, total } = await orders.page(user.id, status, page, PAGE_SIZE);
      let all: Micros = 0n;
      if (status === 3) all = await orders.realizedPnl(user.id);
      if (status === 1) for (const position of value(openOf(user.id))) all += position.floatingPnl;
      return {
        data: rows.map((order) => toWireOrder(order, market)),
        total,
        all_fact_profits: microsToNumber(all),
        balance: microsToNumber(account.balance),
      };
    },

    /** My order, or ORDER_NOT_FOUND (also for someone else's). */
    mine(user: UserRecord, orderId: number): Promise<OrderRecord> {
      return owned(user, orderId);
    },

    /**
     * The user's open positions and summary from memory (FOREX_TRADE), or null when nothing
     * is open and no balance is known: nothing to show live.
     */
    live(userId: number): Omit<ForexTradePush, 'changed'> | null {
      const positions = openOf(userId);
      const account = book.balances.get(userId);
      if (!account) return null;
      let all: Micros = 0n;
      const live = positions.map((order) => {
        const figures = liveFigures(order, market);
        all += figures.pnl;
        return { order, figures };
      });
      const precisionOf = (id: number) => market.instrument(id).precision;
      const detail = accountDetail(
        account.balance,
        account.lockBalance,
        live.map(({ order, figures }) => ({
          id: String(order.id),
          margin: order.margin,
          floatingPnl: figures.pnl,
        })),
      );
      return {
        orders: live.map(({ order, figures }) => ({
          Id: order.id,
          UpdatePrice: pointsToNumber(Number(figures.updatePrice), precisionOf(order.instrumentId)),
          FactProfits: microsToNumber(figures.pnl),
        })),
        summary: {
          all_fact_profits: microsToNumber(all),
          balance: detail.balance,
          lock_balance: detail.lock_balance,
          net_value: detail.net_value,
          current_margin: detail.current_margin,
          available_assets: detail.available_assets,
          risk_rate: detail.risk_rate,
        },
      };
    },

    /** Open positions valued now, from memory (what forexDetail's figures are made of). */
    positions(user: UserRecord): PositionValue[] {
      return value(openOf(user.id));
    },

    watching: triggers.watching,
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
