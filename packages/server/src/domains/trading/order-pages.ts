import { asMicros, type CloseReason, type Micros, ZERO_MICROS } from '@tradedesk/engine';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { ORDER_STATE, type OrderState, orderStatus } from './order-lifecycle.ts';
import { type OrderRecord, toOrder } from './order-record.ts';
import type { TradingTables } from './tables.ts';

/** A trader's order lists as my_deal pages them, on the executor given (the root database). */
export function createOrderPages(executor: Executor<TradingTables>) {
  return {
    /** One page of a user's orders of a status, newest first (history: by closing time). */
    async page(
      userId: number,
      state: OrderState,
      page: number,
      size: number,
      filter: { reasons?: readonly CloseReason[] } = {},
    ): Promise<{ rows: OrderRecord[]; total: number }> {
      let mine = executor
        .selectFrom('orders')
        .where('user_id', '=', userId)
        .where(orderStatus.isIn([state]));
      if (filter.reasons) mine = mine.where('close_reason', 'in', [...filter.reasons]);
      const rows = await mine
        .selectAll()
        .orderBy(state === ORDER_STATE.history ? 'closed_at' : 'id', 'desc')
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
      const { sum } = await executor
        .selectFrom('orders')
        .where('user_id', '=', userId)
        .where(orderStatus.isIn([ORDER_STATE.history]))
        .select((eb) => eb.fn.sum<number | bigint | string | null>('pnl').as('sum'))
        .executeTakeFirstOrThrow();
      return sum === null ? ZERO_MICROS : asMicros(BigInt(sum));
    },
  };
}

export type OrderPages = ReturnType<typeof createOrderPages>;
