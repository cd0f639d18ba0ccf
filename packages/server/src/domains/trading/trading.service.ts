import {
  accountFigures,
  type CloseReason,
  type CommandRefusal,
  checkStops,
  closeAt,
  closingPrice,
  fillTrigger,
  floatingPnl,
  type Lots,
  openAtMarket,
  type PositionValue,
  type PricePoints,
  placePending,
  type Side,
} from '@tradedesk/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountLocks } from '../accounts/account-locks.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Tick } from '../market/feed/feed.ts';
import type { MarketService } from '../market/market.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { OrderRecord, OrdersRepository } from './orders.repository.ts';
import { createTriggerHost, parseTriggerKey } from './trigger-host.ts';

export interface OrderRequest {
  instrumentId: number;
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

type Trx = Transaction<Database>;

/**
 * The engine host (ARCHITECTURE.md "Trading path"): every command that changes an account's
 * money runs one at a time per account, validates against the current state and writes the
 * order and its ledger rows in one transaction; pending fills, take profits and stop losses
 * fire from the trigger books on the ticks that reach them.
 */
export function createTradingService(deps: {
  db: Kysely<Database>;
  orders: OrdersRepository;
  accountsRepository: AccountsRepository;
  accounts: AccountsService;
  market: MarketService;
  locks: AccountLocks;
  now: () => number;
  feeType: () => Promise<1 | 2>;
  onError: (error: unknown) => void;
}) {
  const { db, orders, accountsRepository, accounts, market, locks, now } = deps;
  const triggers = createTriggerHost();
  const inFlight = new Set<Promise<unknown>>();

  const marketOf = (instrumentId: number) => ({
    spec: market.spec(instrumentId),
    quote: market.quotePoints(instrumentId),
    conversion: market.conversion(instrumentId),
  });

  function value(positions: readonly OrderRecord[]): PositionValue[] {
    return positions.map((p) => ({
      id: String(p.id),
      margin: p.margin,
      floatingPnl: floatingPnl(
        { side: p.side, lots: p.lots, openPrice: p.openPrice! },
        marketOf(p.instrumentId),
      ),
    }));
  }

  /**
   * Runs `run` under the user's lock in one transaction. Opening creates the account on
   * first use; commands on an existing order need none (and a refused one creates nothing).
   */
  async function command<T>(
    user: UserRecord,
    run: (trx: Trx) => Promise<T>,
    opening = false,
  ): Promise<T> {
    if (opening) await accounts.ensure(user);
    return locks.run(user.id, () => db.transaction().execute(run));
  }

  async function freeMargin(userId: number, trx: Trx) {
    const account = (await accountsRepository.find(userId, trx))!;
    const figures = accountFigures(account.balance, value(await orders.ofUser(userId, 1, trx)));
    return { account, freeMargin: figures.freeMargin };
  }

  async function owned(
    user: UserRecord,
    orderId: number,
    status: 0 | 1,
    trx: Trx,
  ): Promise<OrderRecord> {
    const order = await orders.find(orderId, trx);
    // Someone else's order is answered exactly like a missing one.
    if (!order || order.userId !== user.id) throw new AppError('ORDER_NOT_FOUND');
    if (order.status !== status) throw new AppError('ORDER_NOT_OPEN');
    return order;
  }

  async function closePosition(
    order: OrderRecord,
    price: PricePoints,
    reason: CloseReason,
    trx: Trx,
  ): Promise<OrderRecord> {
    const closed = closeAt(
      { side: order.side, lots: order.lots, openPrice: order.openPrice!, margin: order.margin },
      marketOf(order.instrumentId),
      price,
    );
    const account = (await accountsRepository.find(order.userId, trx))!;
    await orders.close(
      order.id,
      { closePrice: closed.closePrice, pnl: closed.pnl, reason, at: now() },
      trx,
    );
    await accounts.apply(account, closed.ledger, order.id, trx);
    triggers.disarm(order);
    return (await orders.find(order.id, trx))!;
  }

  async function releaseReserve(order: OrderRecord, trx: Trx) {
    const account = (await accountsRepository.find(order.userId, trx))!;
    return accounts.apply(
      account,
      [{ kind: 'reserve-release', amount: order.reserve }],
      order.id,
      trx,
      -order.reserve,
    );
  }

  function newOrder(
    user: UserRecord,
    request: OrderRequest,
    fields: Partial<Parameters<OrdersRepository['insert']>[0]>,
  ) {
    return {
      user_id: user.id,
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
      created_at: now(),
      opened_at: null,
      closed_at: null,
      ...fields,
    };
  }

  function openMarketClosedCheck(instrumentId: number): void {
    if (!market.isOpen(market.instrument(instrumentId))) throw new AppError('MARKET_CLOSED');
  }

  /** A fill or exit reached by a tick, run on the order owner's account like any command. */
  async function onTrigger(key: string, tick: Tick): Promise<void> {
    const { orderId, kind } = parseTriggerKey(key);
    const order = await orders.find(orderId);
    if (!order) return;
    const feeType = await deps.feeType();
    await locks.run(order.userId, () =>
      db.transaction().execute(async (trx) => {
        const current = (await orders.find(orderId, trx))!;
        const bid = BigInt(tick.bid);
        const ask = BigInt(tick.ask);
        if (kind === 'tp' || kind === 'sl') {
          if (current.status !== 1) return;
          await closePosition(
            current,
            closingPrice(current.side, { bid, ask }),
            kind === 'tp' ? 'take-profit' : 'stop-loss',
            trx,
          );
          return;
        }
        if (current.status !== 0) return;
        const account = await releaseReserve(current, trx);
        const { freeMargin: free } = await freeMargin(current.userId, trx);
        const result = openAtMarket(
          { balance: account.balance, freeMargin: free },
          { ...marketOf(current.instrumentId), quote: { bid, ask }, feeType },
          {
            ...current,
            takeProfit: 0n,
            stopLoss: 0n,
          },
        );
        if (!result.ok) {
          // The market gapped past what the reserve covered: the order cannot fill.
          await orders.close(
            current.id,
            { closePrice: null, pnl: null, reason: 'cancelled', at: now() },
            trx,
          );
          return;
        }
        await orders.fill(
          current.id,
          {
            openPrice: result.position.openPrice,
            margin: result.position.margin,
            fee: result.position.fee,
            at: now(),
          },
          trx,
        );
        await accounts.apply(account, result.ledger, current.id, trx);
        triggers.arm((await orders.find(current.id, trx))!);
      }),
    );
  }

  function onTicks(ticks: readonly Tick[]): void {
    for (const tick of ticks) {
      for (const trigger of triggers.fire(tick.instrumentId, BigInt(tick.bid), BigInt(tick.ask))) {
        const job = onTrigger(trigger.key, tick).catch(deps.onError);
        inFlight.add(job);
        void job.finally(() => inFlight.delete(job));
      }
    }
  }

  return {
    /** Rebuilds the trigger books from the database and starts watching ticks. */
    async start(): Promise<() => void> {
      for (const order of await orders.live()) triggers.arm(order);
      return market.onUpdate((update) => onTicks(update.ticks));
    },

    /** Resolves when every trigger fired so far has been processed. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    async openMarket(user: UserRecord, request: OrderRequest): Promise<OrderRecord> {
      openMarketClosedCheck(request.instrumentId);
      // Read outside the transaction: on SQLite a query beside the open transaction would wait for it.
      const feeType = await deps.feeType();
      return command(
        user,
        async (trx) => {
          const { account, freeMargin: free } = await freeMargin(user.id, trx);
          const result = openAtMarket(
            { balance: account.balance, freeMargin: free },
            { ...marketOf(request.instrumentId), feeType },
            request,
          );
          if (!result.ok) throw new AppError(result.reason);
          const p = result.position;
          const order = await orders.insert(
            newOrder(user, request, {
              open_price: p.openPrice,
              margin: p.margin,
              fee: p.fee,
              opened_at: now(),
            }),
            trx,
          );
          await accounts.apply(account, result.ledger, order.id, trx);
          triggers.arm(order);
          return order;
        },
        true,
      );
    },

    async placePending(
      user: UserRecord,
      request: OrderRequest & { target: PricePoints },
    ): Promise<OrderRecord> {
      openMarketClosedCheck(request.instrumentId);
      const feeType = await deps.feeType();
      return command(
        user,
        async (trx) => {
          const { account, freeMargin: free } = await freeMargin(user.id, trx);
          const m = { ...marketOf(request.instrumentId), feeType };
          const result = placePending({ balance: account.balance, freeMargin: free }, m, request);
          if (!result.ok) throw new AppError(result.reason satisfies CommandRefusal);
          const direction = fillTrigger(0, request.side, request.target, m.quote).direction;
          const order = await orders.insert(
            newOrder(user, request, {
              status: 0,
              target_price: request.target,
              fill_direction: direction,
              reserve: result.reserve,
            }),
            trx,
          );
          await accounts.apply(account, result.ledger, order.id, trx, result.reserve);
          triggers.arm(order);
          return order;
        },
        true,
      );
    },

    cancel(user: UserRecord, orderId: number): Promise<OrderRecord> {
      return command(user, async (trx) => {
        const order = await owned(user, orderId, 0, trx);
        await releaseReserve(order, trx);
        await orders.close(
          order.id,
          { closePrice: null, pnl: null, reason: 'cancelled', at: now() },
          trx,
        );
        triggers.disarm(order);
        return (await orders.find(order.id, trx))!;
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
      return locks.run(user.id, () =>
        db.transaction().execute(async (trx) => {
          for (const pending of await orders.ofUser(user.id, 0, trx)) {
            await releaseReserve(pending, trx);
            await orders.close(
              pending.id,
              { closePrice: null, pnl: null, reason: 'demo-reset', at: now() },
              trx,
            );
            triggers.disarm(pending);
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
        }),
      );
    },

    async positions(user: UserRecord): Promise<PositionValue[]> {
      return value(await orders.ofUser(user.id, 1));
    },

    watching: triggers.watching,
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
