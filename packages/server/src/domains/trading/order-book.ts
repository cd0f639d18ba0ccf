import {
  accountFigures,
  type CloseReason,
  closeAt,
  closingPrice,
  type LedgerEntry,
  type Lots,
  type Micros,
  type PositionValue,
  type PricePoints,
  planStopOut,
  type Side,
} from '@tradedesk/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, isAppError } from '../../http/app-error.ts';
import type { AccountLocks } from '../accounts/account-locks.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { liveFigures } from './order-wire.ts';
import type { OrderRecord, OrdersRepository } from './orders.repository.ts';
import { createTriggerHost } from './trigger-host.ts';

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

export type Trx = Transaction<Database>;

/**
 * What happened to an order, for the owner's sockets: `closed` when a position leaves the
 * holding list (manual, TP, SL, stop-out, demo reset), `changed` when an order appears in or
 * leaves the other lists (placed, filled, cancelled).
 */
export interface OrderEvent {
  type: 'closed' | 'changed';
  order: OrderRecord;
}

export interface TradingDeps {
  db: Kysely<Database>;
  orders: OrdersRepository;
  accountsRepository: AccountsRepository;
  accounts: AccountsService;
  market: MarketService;
  locks: AccountLocks;
  now: () => number;
  feeType: () => Promise<1 | 2>;
  /** Margin level (10^-4) at or below which stop-out closes positions. */
  stopOutLevel: bigint;
  onError: (error: unknown) => void;
}

/**
 * What every trading command and tick reaction shares: the trigger books, who holds what,
 * positions valued at the current quotes, and the steps of opening and closing.
 */
export function createOrderBook(deps: TradingDeps) {
  const { db, orders, accountsRepository, accounts, market, locks, now } = deps;
  const triggers = createTriggerHost();
  /** Who holds positions in each instrument: the accounts a tick can stop out. */
  const holders = new Map<number, Set<number>>();
  /**
   * Open positions by account, kept in step with every command so that live P&L and margin
   * levels need no database read per tick.
   */
  const open = new Map<number, Map<number, OrderRecord>>();
  /** Balances as last written (accounts.observe), for the same reason. */
  const balances = new Map<number, { balance: Micros; lockBalance: Micros }>();
  const listeners = new Set<(event: OrderEvent) => void>();

  function hold(order: OrderRecord): void {
    const mine = open.get(order.userId) ?? new Map<number, OrderRecord>();
    mine.set(order.id, order);
    open.set(order.userId, mine);
    const users = holders.get(order.instrumentId) ?? new Set<number>();
    users.add(order.userId);
    holders.set(order.instrumentId, users);
  }

  function release(order: Pick<OrderRecord, 'id' | 'userId' | 'instrumentId'>): void {
    const mine = open.get(order.userId);
    mine?.delete(order.id);
    if (mine?.size === 0) open.delete(order.userId);
    const stillHolds = [...(mine?.values() ?? [])].some(
      (o) => o.instrumentId === order.instrumentId,
    );
    if (!stillHolds) holders.get(order.instrumentId)?.delete(order.userId);
  }

  function emit(event: OrderEvent): void {
    for (const listener of listeners) listener(event);
  }

  accounts.observe((account) =>
    balances.set(account.userId, { balance: account.balance, lockBalance: account.lockBalance }),
  );

  /**
   * Reloads one account's live orders, triggers and balance from the database: after a
   * command failed, what it changed in memory before its transaction rolled back is undone.
   */
  async function resync(userId: number): Promise<void> {
    for (const order of open.get(userId)?.values() ?? []) {
      triggers.disarm(order);
      release(order);
    }
    balances.delete(userId);
    for (const status of [0, 1] as const) {
      for (const order of await orders.ofUser(userId, status)) {
        triggers.arm(order);
        if (status === 1) hold(order);
      }
    }
    const account = await accountsRepository.find(userId);
    if (account)
      balances.set(userId, { balance: account.balance, lockBalance: account.lockBalance });
  }

  const marketOf = (instrumentId: number) => ({
    spec: market.spec(instrumentId),
    quote: market.quotePoints(instrumentId),
    conversion: market.conversion(instrumentId),
  });

  /** Positions at the current quotes: the one valuation the wire, the figures and stop-out share. */
  function value(positions: readonly OrderRecord[]): PositionValue[] {
    return positions.map((p) => ({
      id: String(p.id),
      margin: p.margin,
      floatingPnl: liveFigures(p, market).pnl,
    }));
  }

  /** An account's open positions as memory holds them. */
  function openOf(userId: number): OrderRecord[] {
    return [...(open.get(userId)?.values() ?? [])];
  }

  /**
   * Runs `run` on one account: under its lock, in one transaction, which commits only with a
   * balance of at least 0 (`settle`). A failure other than a refusal reloads what memory holds
   * of the account, since `run` may have changed it before the rollback.
   */
  async function onAccount<T>(userId: number, run: (trx: Trx) => Promise<T>): Promise<T> {
    return locks.run(userId, async () => {
      try {
        return await db.transaction().execute(async (trx) => {
          const result = await run(trx);
          await settle(userId, trx);
          return result;
        });
      } catch (error) {
        // A refusal is raised before anything changes; anything else may have left memory ahead.
        if (!isAppError(error)) await resync(userId);
        throw error;
      }
    });
  }

  /** A command by the user; opening creates the account on first use (a refusal creates nothing else). */
  async function command<T>(
    user: UserRecord,
    run: (trx: Trx) => Promise<T>,
    opening = false,
  ): Promise<T> {
    if (opening) await accounts.ensure(user);
    return onAccount(user.id, run);
  }

  /**
   * No command leaves a balance below 0. Margin sits outside the balance, so closing a loser
   * (by hand, TP/SL, at a gap) can realize more than the balance while other positions hold
   * the equity: then the stop-out rules run in the same transaction — close the largest loss
   * next while the balance is below 0 — and negative balance protection covers what is left
   * once nothing is open.
   */
  async function settle(userId: number, trx: Trx): Promise<void> {
    // Every write of this transaction went through accounts.apply, which memory observes:
    // a balance known to be at least 0 needs no query.
    const known = balances.get(userId);
    if (known && known.balance >= 0n) return;
    const account = await accountsRepository.find(userId, trx);
    if (!account || account.balance >= 0n) return;
    const positions = openOf(userId);
    const plan = planStopOut(account.balance, value(positions), deps.stopOutLevel);
    const protection: LedgerEntry[] =
      plan.protection > 0n ? [{ kind: 'protection', amount: plan.protection }] : [];
    if (plan.close.length === 0 && protection.length > 0)
      await accounts.apply(account, protection, null, trx);
    for (const [index, id] of plan.close.entries()) {
      const position = positions.find((p) => String(p.id) === id)!;
      const last = index === plan.close.length - 1;
      const price = closingPrice(position.side, market.quotePoints(position.instrumentId));
      await closePosition(position, price, 'stop-out', trx, last ? protection : []);
    }
    const settled = (await accountsRepository.find(userId, trx))!;
    if (settled.balance < 0n) throw new Error(`account ${userId} would end below 0`);
  }

  /**
   * The account (read in the transaction, locked on PostgreSQL) and its free margin over the
   * open positions held in memory (ARCHITECTURE.md: validate against in-memory state). The
   * balance itself stays the database's: a command can never take it below 0.
   */
  async function freeMargin(userId: number, trx: Trx) {
    const account = (await accountsRepository.find(userId, trx))!;
    const figures = accountFigures(account.balance, value(openOf(userId)));
    return { account, balance: account.balance, freeMargin: figures.freeMargin };
  }

  /** The user's order, in `status` when one is named. */
  async function owned(
    user: UserRecord,
    orderId: number,
    status?: 0 | 1,
    executor: Executor = db,
  ): Promise<OrderRecord> {
    const order = await orders.find(orderId, executor);
    // Someone else's order is answered exactly like a missing one.
    if (!order || order.userId !== user.id) throw new AppError('ORDER_NOT_FOUND');
    if (status !== undefined && order.status !== status) throw new AppError('ORDER_NOT_OPEN');
    return order;
  }

  /** A pending order leaves the lists without trading (cancelled, reset, or unfillable at a gap). */
  async function withdrawPending(order: OrderRecord, reason: CloseReason, trx: Trx) {
    await orders.close(order.id, { closePrice: null, pnl: null, reason, at: now() }, trx);
    triggers.disarm(order);
    const withdrawn = (await orders.find(order.id, trx))!;
    emit({ type: 'changed', order: withdrawn });
    return withdrawn;
  }

  /** Closes at `price`; `extra` ledger entries (negative balance protection) land in the same update. */
  async function closePosition(
    order: OrderRecord,
    price: PricePoints,
    reason: CloseReason,
    trx: Trx,
    extra: readonly LedgerEntry[] = [],
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
    await accounts.apply(account, [...closed.ledger, ...extra], order.id, trx, 0n, {
      coveredLater: true,
    });
    triggers.disarm(order);
    release(order);
    const closedOrder = (await orders.find(order.id, trx))!;
    emit({ type: 'closed', order: closedOrder });
    return closedOrder;
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

  return {
    triggers,
    holders,
    open,
    balances,
    onAccount,
    hold,
    release,
    resync,
    emit,
    onEvent(listener: (event: OrderEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;
