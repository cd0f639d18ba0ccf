import {
  accountFigures,
  type CloseReason,
  closeAt,
  floatingPnl,
  type LedgerEntry,
  type Lots,
  type PositionValue,
  type PricePoints,
  type Side,
} from '@tradedesk/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountLocks } from '../accounts/account-locks.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { OrderRecord, OrdersRepository } from './orders.repository.ts';
import { createTriggerHost } from './trigger-host.ts';

export interface OrderRequest {
  instrumentId: number;
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

export type Trx = Transaction<Database>;

export interface TradingDeps {
  db: Kysely<Database>;
  orders: OrdersRepository;
  accountsRepository: AccountsRepository;
  accounts: AccountsService;
  market: MarketService;
  locks: AccountLocks;
  now: () => number;
  feeType: () => Promise<1 | 2>;
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
  const holders = new Map<number, Map<number, number>>();

  function hold(order: Pick<OrderRecord, 'instrumentId' | 'userId'>, delta: 1 | -1): void {
    const users = holders.get(order.instrumentId) ?? new Map<number, number>();
    const count = (users.get(order.userId) ?? 0) + delta;
    if (count > 0) users.set(order.userId, count);
    else users.delete(order.userId);
    holders.set(order.instrumentId, users);
  }

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
    await accounts.apply(account, [...closed.ledger, ...extra], order.id, trx);
    triggers.disarm(order);
    hold(order, -1);
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

  return {
    triggers,
    holders,
    hold,
    marketOf,
    value,
    command,
    freeMargin,
    owned,
    closePosition,
    releaseReserve,
    newOrder,
    openMarketClosedCheck,
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;
