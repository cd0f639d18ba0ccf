import {
  asLots,
  asMicros,
  asPricePoints,
  type CloseReason,
  type Direction,
  type Lots,
  type Micros,
  type PricePoints,
  type Side,
  ZERO_MICROS,
} from '@tradedesk/engine';
import type { Insertable } from 'kysely';
import { StaleStateError } from '../../platform/core/command-core.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { type OrdersTable, toBigInt, toInt } from '../../platform/db/schema.ts';
import { LIVE_ORDER_STATES, ORDER, type OrderState, orderStatus } from './order-lifecycle.ts';

export interface OrderRecord {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: OrderState;
  lots: Lots;
  leverage: number;
  targetPrice: PricePoints | null;
  fillDirection: Direction | null;
  openPrice: PricePoints | null;
  closePrice: PricePoints | null;
  margin: Micros;
  fee: Micros;
  reserve: Micros;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
  pnl: Micros | null;
  closeReason: CloseReason | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdAt: number;
  openedAt: number | null;
  closedAt: number | null;
}

type Row = { [K in keyof OrdersTable]: unknown };

// The columns' units are known here, and only here: each integer column gets its unit once,
// as it is read (lots 10^-4, prices in points, money in micro-USD).
const big = (v: unknown) => toBigInt(v as number | bigint);
const lots = (v: unknown) => asLots(big(v));
const points = (v: unknown) => asPricePoints(big(v));
const pointsOrNull = (v: unknown) => (v === null ? null : points(v));
const micros = (v: unknown) => asMicros(big(v));
const microsOrNull = (v: unknown) => (v === null ? null : micros(v));
const intOrNull = (v: unknown) => (v === null ? null : toInt(v as number | bigint));

function toOrder(row: Row): OrderRecord {
  return {
    id: toInt(row.id as number | bigint),
    userId: toInt(row.user_id as number | bigint),
    instrumentId: toInt(row.instrument_id as number | bigint),
    side: row.side as Side,
    status: orderStatus.stateOf(row.status as number | bigint),
    lots: lots(row.lots),
    leverage: toInt(row.leverage as number | bigint),
    targetPrice: pointsOrNull(row.target_price),
    fillDirection: row.fill_direction as Direction | null,
    openPrice: pointsOrNull(row.open_price),
    closePrice: pointsOrNull(row.close_price),
    margin: micros(row.margin),
    fee: micros(row.fee),
    reserve: micros(row.reserve),
    takeProfit: points(row.take_profit),
    stopLoss: points(row.stop_loss),
    pnl: microsOrNull(row.pnl),
    closeReason: row.close_reason as CloseReason | null,
    idempotencyKey: row.idempotency_key as string | null,
    requestHash: row.request_hash as string | null,
    createdAt: toInt(row.created_at as number | bigint),
    openedAt: intOrNull(row.opened_at),
    closedAt: intOrNull(row.closed_at),
  };
}

/** A transition that must change exactly one row did not: the order was not in the state read. */
function expectOne(result: { numUpdatedRows: bigint }, what: string): void {
  if (result.numUpdatedRows !== 1n) throw new StaleStateError(what);
}

/** A new order's row; its state by name (the repository writes its number). */
export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'status'> & {
  status: typeof ORDER.open.to | typeof ORDER.place.to;
};

export function createOrdersRepository(db: Executor) {
  return {
    async insert(order: NewOrder, executor: Executor): Promise<OrderRecord> {
      const row = { ...order, status: orderStatus.codeOf(order.status) };
      const { id } = await executor
        .insertInto('orders')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return toOrder({ ...row, id } as Row);
    },

    async find(id: number, executor: Executor = db): Promise<OrderRecord | undefined> {
      const row = await executor
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toOrder(row);
    },

    /** Orders by id, in one query (another domain's list names the orders it refers to). */
    async findMany(ids: readonly number[], executor: Executor = db): Promise<OrderRecord[]> {
      if (ids.length === 0) return [];
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return rows.map(toOrder);
    },

    async findByIdempotencyKey(
      userId: number,
      key: string,
      executor: Executor = db,
    ): Promise<OrderRecord | undefined> {
      const row = await executor
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && toOrder(row);
    },

    async ofUser(
      userId: number,
      state: OrderState,
      executor: Executor = db,
    ): Promise<OrderRecord[]> {
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
    async liveOf(userId: number, executor: Executor = db): Promise<OrderRecord[]> {
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where(orderStatus.isIn(LIVE_ORDER_STATES))
        .orderBy('id')
        .execute();
      return rows.map(toOrder);
    },

    /** One page of a user's orders of a status, newest first (history: by closing time). */
    async page(
      userId: number,
      state: OrderState,
      page: number,
      size: number,
      filter: { reasons?: readonly CloseReason[] } = {},
    ): Promise<{ rows: OrderRecord[]; total: number }> {
      let mine = db
        .selectFrom('orders')
        .where('user_id', '=', userId)
        .where(orderStatus.isIn([state]));
      if (filter.reasons) mine = mine.where('close_reason', 'in', [...filter.reasons]);
      const rows = await mine
        .selectAll()
        .orderBy(state === 'history' ? 'closed_at' : 'id', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const { total } = await mine
        .select((eb) => eb.fn.countAll<number | bigint>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows: rows.map(toOrder), total: toInt(total) };
    },

    /** Σ realized P&L of a user's closed positions. */
    async realizedPnl(userId: number): Promise<Micros> {
      const { sum } = await db
        .selectFrom('orders')
        .where('user_id', '=', userId)
        .where(orderStatus.isIn(['history']))
        .select((eb) => eb.fn.sum<number | bigint | string | null>('pnl').as('sum'))
        .executeTakeFirstOrThrow();
      return sum === null ? ZERO_MICROS : asMicros(BigInt(sum));
    },

    /** Orders the engine watches: pending and holding, of every account. */
    async live(executor: Executor = db): Promise<OrderRecord[]> {
      const rows = await executor
        .selectFrom('orders')
        .selectAll()
        .where(orderStatus.isIn(LIVE_ORDER_STATES))
        .execute();
      return rows.map(toOrder);
    },

    /** Pending → holding; the reserve is released by the same command. */
    async fill(
      order: OrderRecord,
      fields: { openPrice: PricePoints; margin: Micros; fee: Micros; at: number },
      executor: Executor,
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({
          status: orderStatus.codeOf(ORDER.fill.to),
          open_price: fields.openPrice,
          margin: fields.margin,
          fee: fields.fee,
          reserve: 0n,
          opened_at: fields.at,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.fill.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not pending`);
      return {
        ...order,
        status: ORDER.fill.to,
        openPrice: fields.openPrice,
        margin: fields.margin,
        fee: fields.fee,
        reserve: ZERO_MICROS,
        openedAt: fields.at,
      };
    },

    async setStops(
      order: OrderRecord,
      takeProfit: PricePoints,
      stopLoss: PricePoints,
      executor: Executor,
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({ take_profit: takeProfit, stop_loss: stopLoss })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.setStops.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not holding`);
      return { ...order, takeProfit, stopLoss };
    },

    /** Holding → history (closed), or pending → history (withdrawn: no price, no P&L). */
    async finish(
      order: OrderRecord,
      step: typeof ORDER.close | typeof ORDER.cancel,
      fields: {
        closePrice: PricePoints | null;
        pnl: Micros | null;
        reason: CloseReason;
        at: number;
      },
      executor: Executor,
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({
          status: orderStatus.codeOf(step.to),
          close_price: fields.closePrice,
          pnl: fields.pnl,
          close_reason: fields.reason,
          closed_at: fields.at,
          reserve: 0n,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(step.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not ${step.from.join(' or ')}`);
      return {
        ...order,
        status: step.to,
        closePrice: fields.closePrice,
        pnl: fields.pnl,
        closeReason: fields.reason,
        closedAt: fields.at,
        reserve: ZERO_MICROS,
      };
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
