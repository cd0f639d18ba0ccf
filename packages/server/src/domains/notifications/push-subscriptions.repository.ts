import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { NotificationsTables } from './tables.ts';

/** A device's push subscription, as web-push takes it. */
export interface PushDevice {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The devices traders turned Web Push on for. */
export function createPushSubscriptions(executor: Executor<NotificationsTables>) {
  return {
    /**
     * Pushes to `endpoint` for `userId` from now on. An endpoint is one browser profile: if it
     * was another trader's (a shared device, a new login), it is this one's now, so nobody is
     * pushed what happens on an account no longer used there.
     */
    async save(device: Omit<PushDevice, 'id'>, at: number): Promise<void> {
      await executor
        .insertInto('push_subscriptions')
        .values({
          user_id: device.userId,
          endpoint: device.endpoint,
          p256dh: device.keys.p256dh,
          auth: device.keys.auth,
          created_at: at,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: device.userId,
            p256dh: device.keys.p256dh,
            auth: device.keys.auth,
            created_at: at,
          }),
        )
        .execute();
    },

    /** Stops pushing to `endpoint`, if it is `userId`'s. */
    async remove(userId: number, endpoint: string): Promise<void> {
      await executor
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    /** A device its push service reported gone (404/410). */
    async drop(id: number): Promise<void> {
      await executor.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async ofUser(userId: number): Promise<PushDevice[]> {
      const rows = await executor
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: toInt(row.id),
        userId: toInt(row.user_id),
        endpoint: row.endpoint,
        keys: { p256dh: row.p256dh, auth: row.auth },
      }));
    },

    async countOf(userId: number): Promise<number> {
      const row = await executor
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
