import {
  accountFigures,
  type CommandRefusal,
  closeAt,
  closingPrice,
  floatingPnl,
  type Lots,
  openAtMarket,
  type PositionValue,
  type PricePoints,
  type Side,
} from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountLocks } from '../accounts/account-locks.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { MarketService } from '../market/market.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { OrderRecord, OrdersRepository } from './orders.repository.ts';

export interface MarketOrderRequest {
  instrumentId: number;
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

/** Engine refusals are named like the result codes that answer them. */
function refusal(reason: CommandRefusal): AppError {
  return new AppError(reason === 'PRICE_REQUIRED' ? 'PRICE_REQUIRED' : reason);
}

/**
 * The trading commands of an account, one at a time per account (the single writer): each
 * validates against the current state, then writes the order and its ledger rows in one
 * transaction.
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
}) {
  const { db, orders, accountsRepository, accounts, market, locks, now } = deps;

  function marketOf(instrumentId: number) {
    return {
      spec: market.spec(instrumentId),
      quote: market.quotePoints(instrumentId),
      conversion: market.conversion(instrumentId),
    };
  }

  /** Open positions valued at the current quotes. */
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

  return {
    /** Opens a position at the current quote. */
    async openMarket(user: UserRecord, request: MarketOrderRequest): Promise<OrderRecord> {
      const instrument = market.instrument(request.instrumentId);
      if (!market.isOpen(instrument)) throw new AppError('MARKET_CLOSED');
      await accounts.ensure(user);
      const feeType = await deps.feeType();
      return locks.run(user.id, () =>
        db.transaction().execute(async (trx) => {
          const account = (await accountsRepository.find(user.id, trx))!;
          const holding = await orders.ofUser(user.id, 1, trx);
          const figures = accountFigures(account.balance, value(holding));
          const result = openAtMarket(
            { balance: account.balance, freeMargin: figures.freeMargin },
            { ...marketOf(instrument.id), feeType },
            request,
          );
          if (!result.ok) throw refusal(result.reason);
          const at = now();
          const order = await orders.insert(
            {
              user_id: user.id,
              instrument_id: instrument.id,
              side: request.side,
              status: 1,
              lots: request.lots,
              leverage: request.leverage,
              target_price: null,
              open_price: result.position.openPrice,
              close_price: null,
              margin: result.position.margin,
              fee: result.position.fee,
              reserve: 0n,
              take_profit: request.takeProfit,
              stop_loss: request.stopLoss,
              pnl: null,
              close_reason: null,
              idempotency_key: null,
              request_hash: null,
              created_at: at,
              opened_at: at,
              closed_at: null,
            },
            trx,
          );
          await accounts.apply(account, result.ledger, order.id, trx);
          return order;
        }),
      );
    },

    /** Closes one of the user's positions at the closing side of the current quote. */
    async close(user: UserRecord, orderId: number): Promise<OrderRecord> {
      return locks.run(user.id, () =>
        db.transaction().execute(async (trx) => {
          const order = await orders.find(orderId, trx);
          // Someone else's order is answered exactly like a missing one.
          if (!order || order.userId !== user.id) throw new AppError('ORDER_NOT_FOUND');
          if (order.status !== 1) throw new AppError('ORDER_NOT_OPEN');
          const instrument = market.instrument(order.instrumentId);
          if (!market.isOpen(instrument)) throw new AppError('MARKET_CLOSED');
          const m = marketOf(order.instrumentId);
          const closed = closeAt(
            {
              side: order.side,
              lots: order.lots,
              openPrice: order.openPrice!,
              margin: order.margin,
            },
            m,
            closingPrice(order.side, m.quote),
          );
          const account = (await accountsRepository.find(user.id, trx))!;
          await orders.close(
            order.id,
            { closePrice: closed.closePrice, pnl: closed.pnl, reason: 'manual', at: now() },
            trx,
          );
          await accounts.apply(account, closed.ledger, order.id, trx);
          return (await orders.find(order.id, trx))!;
        }),
      );
    },

    /** The user's open positions with their floating P&L (for account figures and lists). */
    async positions(user: UserRecord): Promise<PositionValue[]> {
      return value(await orders.ofUser(user.id, 1));
    },
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
