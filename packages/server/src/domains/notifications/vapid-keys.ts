import webpush from 'web-push';
import type { Executor } from '../../platform/db/executor.ts';
import type { NotificationsTables } from './tables.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (RFC 8292): made on the first start and kept with the data, so a
 * restart, or another node, signs with the same key the browsers subscribed with. Of nodes
 * starting together, the first insert wins and every node reads that one.
 */
export async function loadVapidKeys(
  db: Executor<NotificationsTables>,
  now: () => number,
): Promise<VapidKeys> {
  const read = () =>
    db.selectFrom('push_vapid_keys').selectAll().where('id', '=', 1).executeTakeFirst();
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insertInto('push_vapid_keys')
      .values({
        id: 1,
        public_key: made.publicKey,
        private_key: made.privateKey,
        created_at: now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('VAPID keys neither found nor made');
  return { publicKey: row.public_key, privateKey: row.private_key };
}
