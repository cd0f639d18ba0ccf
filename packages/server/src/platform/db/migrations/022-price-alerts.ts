import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * Issue 41, price alerts: a level a trader asked the server to watch on an instrument's bid
 * or ask, above or below. `status` is where it stands (armed, cooling after a repeating
 * alert fired, fired once and done, expired); `price` is in the instrument's points.
 */
export function priceAlertsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('price_alerts')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('condition', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('repeat', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('armed'))
        .addColumn('fired_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_fired_at', 'bigint')
        .addColumn('expire_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('price_alerts_side', sql`side IN ('bid', 'ask')`)
        .addCheckConstraint('price_alerts_condition', sql`condition IN ('above', 'below')`)
        .addCheckConstraint('price_alerts_price_positive', sql`price > 0`)
        .addCheckConstraint('price_alerts_repeat_flag', sql`repeat IN (0, 1)`)
        .addCheckConstraint(
          'price_alerts_status',
          sql`status IN ('armed', 'cooling', 'fired', 'expired')`,
        )
        .addCheckConstraint('price_alerts_fired_count', sql`fired_count >= 0`)
        .execute();
      await db.schema
        .createIndex('price_alerts_user_idx')
        .on('price_alerts')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
