import type { Insertable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { createOrderAmendments } from './order-amendments.ts';
import { LIVE_ORDER_STATES, ORDER, type OrderState, orderStatus } from './order-lifecycle.ts';
import { type OrderRecord, type OrderRow, toOrder } from './order-record.ts';
import { createOrderTransitions } from './order-transitions.ts';
import type { OrdersTable, TradingTables } from './tables.ts';

export type { OrderRecord } from './order-record.ts';

/** A new order's row; its state by name (the repository writes its number). */
export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'status'> & {
  status: typeof ORDER.open.to | typeof ORDER.place.to;
};

/**
 * The orders on the executor they are bound to: a command's transaction (ctx.repository)
 * under the account's lock, or the root database for pages and memory's start.
 */
export function createOrdersRepository(executor: Executor<TradingTables>) {
  return {
    async insert(order: NewOrder): Promise<OrderRecord> {
      const row = { ...order, status: orderStatus.codeOf(order.status) };
      const { id } = await executor
        .insertInto('orders')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return toOrder({ ...row, id } as OrderRow);
    },

    /**
     * The closed part of a position (a partial close): a row of its own in history, pointing
     * at the position it was taken from, which goes on under its id.
     */
    async insertClosedPart(
      position: OrderRecord,
      part: {
        lots: OrderRecord['lots'];
        margin: OrderRecord['margin'];
        fee: OrderRecord['fee'];
        closePrice: NonNullable<OrderRecord['closePrice']>;
        pnl: NonNullable<OrderRecord['pnl']>;
        at: number;
      },
    ): Promise<OrderRecord> {
      const row = {
        user_id: position.userId,
        instrument_id: position.instrumentId,
        side: position.side,
        status: orderStatus.codeOf(ORDER.close.to),
        lots: part.lots,
        leverage: position.leverage,
        target_price: position.targetPrice,
        fill_direction: position.fillDirection,
        open_price: position.openPrice,
        close_price: part.closePrice,
        margin: part.margin,
        fee: part.fee,
        reserve: 0n,
        take_profit: position.takeProfit,
        stop_loss: position.stopLoss,
        pnl: part.pnl,
        close_reason: 'partial',
        idempotency_key: null,
        request_hash: null,
        created_at: position.createdAt,
        opened_at: position.openedAt,
        closed_at: part.at,
        trailing_distance: 0n,
        trailing_activation: 0n,
        trailing_active: 0,
        stop_moved_at: position.stopMovedAt,
        expire_at: null,
        part_of: position.id,
      };
      const { id } = await executor
        .insertInto('orders')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return toOrder({ ...row, id } as OrderRow);
    },

    async find(id: number): Promise<OrderRecord | undefined> {
      const row = await executor
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toOrder(row);
    },

    /** Orders by id, in one query (another domain's list names the orders it refers to). */
    async findMany(ids: readonly number[]): Promise<OrderRecord[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return rows.map(toOrder);
    },

    async findByIdempotencyKey(userId: number, key: string): Promise<OrderRecord | undefined> {
      const row = await executor
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && toOrder(row);
    },

    async ofUser(userId: number, state: OrderState): Promise<OrderRecord[]> {
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where(orderStatus.isIn([state]))
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toOrder);
    },

    /** A user's pending and holding orders, oldest first. */
    async liveOf(userId: number): Promise<OrderRecord[]> {
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where(orderStatus.isIn(LIVE_ORDER_STATES))
        .orderBy('id')
        .execute();
      return rows.map(toOrder);
    },

    /** Pending orders whose expiry has come, soonest first, at most `limit`. */
    async dueToExpire(now: number, limit: number): Promise<{ id: number; userId: number }[]> {
      const rows = await executor
        .selectFrom('orders')
        .select(['id', 'user_id'])
        .where('expire_at', '<=', now)
        .where(orderStatus.isIn(ORDER.cancel.from))
        .orderBy('expire_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id) }));
    },

    /** Orders the engine watches: pending and holding, of every account. */
    async live(): Promise<OrderRecord[]> {
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where(orderStatus.isIn(LIVE_ORDER_STATES))
        .execute();
      return rows.map(toOrder);
    },

    ...createOrderTransitions(executor),
    ...createOrderAmendments(executor),
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
