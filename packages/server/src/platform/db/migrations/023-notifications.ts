import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * Issue 41, notifications that reach a closed app: the devices a trader turned Web Push on for
 * (one row per push endpoint, the browser's keys with it), each trader's choices of what they
 * are told of and where, the server's VAPID key pair (made on the first start, one for every
 * node), and the channel of each notice in the outbox ('contact': e-mail, else text, as
 * before; 'push': the trader's push devices), and the stage of a margin call.
 */
export function notificationsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user_idx')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('choices', 'text', (c) => c.notNull())
        .addColumn('quiet_from', 'text')
        .addColumn('quiet_to', 'text')
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'notification_settings_quiet_pair',
          sql`(quiet_from IS NULL) = (quiet_to IS NULL)`,
        )
        .execute();
      await db.schema
        .createTable('push_vapid_keys')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('push_vapid_keys_single', sql`id = 1`)
        .execute();
      // The stage of a margin call: a second, closer threshold is told again (issue 41).
      await db.schema
        .alterTable('margin_calls')
        .addColumn('stage', 'integer', (c) => c.notNull().defaultTo(1).check(sql`stage IN (1, 2)`))
        .execute();
      await db.schema
        .alterTable('notice_outbox')
        .addColumn('channel', 'text', (c) =>
          c.notNull().defaultTo('contact').check(sql`channel IN ('contact', 'push')`),
        )
        .execute();
    },
  };
}
