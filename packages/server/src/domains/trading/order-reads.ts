import { asMicros, type Micros } from '@tradedesk/engine';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { ORDER_STATE, orderStatus } from './order-lifecycle.ts';
import type { TradingTables } from './tables.ts';

/** Ids per statement: well inside every driver's limit on bound parameters. */
const CHUNK = 200;

/** A position that opened and closed with a P&L. */
export interface ClosedOrder {
  id: number;
  userId: number;
  instrumentId: number;
  leverage: number;
  margin: Micros;
  pnl: Micros;
  openedAt: number | null;
  closedAt: number | null;
}

/**
 * What other domains read of trading's orders beyond one order (issue 38), on the executor
 * they are given: the ranking's closed positions and a trader's first trade, a sample
 * trader's trades of the day.
 */
export function createOrderReads(executor: Executor<TradingTables>) {
  return {
    /**
     * The traders' closed positions: in history with a P&L — a cancelled pending order never
     * opened (DECISIONS.md) — by trader.
     */
    async closedPositionsOf(userIds: readonly number[]): Promise<Map<number, ClosedOrder[]>> {
      const byUser = new Map<number, ClosedOrder[]>();
      for (let i = 0; i < userIds.length; i += CHUNK) {
        const rows = await executor
          .selectFrom('orders')
          .select(['id', 'user_id', 'instrument_id', 'leverage', 'margin', 'pnl'])
          .select(['opened_at', 'closed_at'])
          .where('user_id', 'in', userIds.slice(i, i + CHUNK))
          .where(orderStatus.isIn([ORDER_STATE.history]))
          .where('pnl', 'is not', null)
          .where('close_reason', '!=', 'cancelled')
          .execute();
        for (const row of rows) {
          const userId = toInt(row.user_id);
          const list = byUser.get(userId) ?? [];
          list.push({
            id: toInt(row.id),
            userId,
            instrumentId: toInt(row.instrument_id),
            leverage: toInt(row.leverage),
            margin: asMicros(toBigInt(row.margin)),
            pnl: asMicros(toBigInt(row.pnl!)),
            openedAt: row.opened_at === null ? null : toInt(row.opened_at),
            closedAt: row.closed_at === null ? null : toInt(row.closed_at),
          });
          byUser.set(userId, list);
        }
      }
      return byUser;
    },

    /** When the trader's first position opened (epoch ms), 0 without one. */
    async firstOpenedAt(userId: number): Promise<number> {
      const row = await executor
        .selectFrom('orders')
        .select((eb) => eb.fn.min('opened_at').as('first'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.first === null || row?.first === undefined ? 0 : toInt(row.first);
    },

    /** How many orders the trader placed after `since` (epoch ms). */
    async placedSince(userId: number, since: number): Promise<number> {
      const { count } = await executor
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number | bigint | string>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
