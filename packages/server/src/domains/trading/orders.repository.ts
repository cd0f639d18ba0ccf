import type { Insertable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { LIVE_ORDER_STATES, type ORDER, type OrderState, orderStatus } from './order-lifecycle.ts';
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
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
