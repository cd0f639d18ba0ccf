import type { Executor } from '../../platform/db/executor.ts';
import { type AlertRecord, type AlertRow, toAlert } from './alert-record.ts';
import type { AlertsTables } from './tables.ts';

/** A new alert's fields; it starts armed, never fired. */
export type NewAlert = Omit<AlertRecord, 'id' | 'status' | 'firedCount' | 'lastFiredAt'>;

/** The price alerts on the executor they are bound to (a command's transaction, or the root). */
export function createAlertsRepository(executor: Executor<AlertsTables>) {
  return {
    /** A trader's alerts, newest first. */
    async ofUser(userId: number): Promise<AlertRecord[]> {
      const rows = await executor
        .selectFrom('price_alerts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toAlert);
    },

    async countOf(userId: number): Promise<number> {
      const row = await executor
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async find(id: number): Promise<AlertRecord | undefined> {
      const row = await executor
        .selectFrom('price_alerts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAlert(row);
    },

    async insert(alert: NewAlert): Promise<AlertRecord> {
      const row = {
        user_id: alert.userId,
        instrument_id: alert.instrumentId,
        side: alert.side,
        condition: alert.condition,
        price: alert.price,
        repeat: alert.repeat ? 1 : 0,
        note: alert.note,
        status: 'armed' as const,
        fired_count: 0,
        last_fired_at: null,
        expire_at: alert.expireAt,
        created_at: alert.createdAt,
      };
      const { id } = await executor
        .insertInto('price_alerts')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return toAlert({ ...row, id } as AlertRow);
    },

    /** Alerts still watching (armed or cooling), of every account: what memory loads. */
    async watching(): Promise<AlertRecord[]> {
      const rows = await executor
        .selectFrom('price_alerts')
        .selectAll()
        .where('status', 'in', ['armed', 'cooling'])
        .execute();
      return rows.map(toAlert);
    },

    /**
     * An armed alert fires: once and done, or cooling when it repeats. A conditional update
     * on `armed`: a second firing of the same crossing changes nothing (undefined).
     */
    async fire(alert: AlertRecord, at: number): Promise<AlertRecord | undefined> {
      const status = alert.repeat ? ('cooling' as const) : ('fired' as const);
      const result = await executor
        .updateTable('price_alerts')
        .set((eb) => ({
          status,
          fired_count: eb('fired_count', '+', 1),
          last_fired_at: at,
        }))
        .where('id', '=', alert.id)
        .where('status', '=', 'armed')
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return undefined;
      return { ...alert, status, firedCount: alert.firedCount + 1, lastFiredAt: at };
    },

    /** Watching alerts whose expiry has come, soonest first, at most `limit`. */
    async dueToExpire(now: number, limit: number): Promise<{ id: number; userId: number }[]> {
      const rows = await executor
        .selectFrom('price_alerts')
        .select(['id', 'user_id'])
        .where('expire_at', '<=', now)
        .where('status', 'in', ['armed', 'cooling'])
        .orderBy('expire_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id) }));
    },

    /** Moves an alert from one status to another, only from the one read (undefined if not). */
    async moveStatus(
      alert: AlertRecord,
      from: AlertRecord['status'],
      to: AlertRecord['status'],
    ): Promise<AlertRecord | undefined> {
      const result = await executor
        .updateTable('price_alerts')
        .set({ status: to })
        .where('id', '=', alert.id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n ? { ...alert, status: to } : undefined;
    },

    /** Deletes the user's alert; false when it was not theirs or is gone already. */
    async delete(userId: number, id: number): Promise<boolean> {
      const result = await executor
        .deleteFrom('price_alerts')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
