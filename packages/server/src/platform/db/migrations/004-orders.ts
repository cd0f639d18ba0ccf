import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Orders and positions in one table (SPEC.md §4: pending 0 → holding 1 → history 3).
 * Prices are integer points, lots integers of 10^-4, money micro-USD.
 */
export function ordersMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('orders')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('lots', 'bigint', (c) => c.notNull())
        .addColumn('leverage', 'integer', (c) => c.notNull())
        .addColumn('target_price', 'bigint')
        // Limit or stop, fixed at placement: 'at-or-below' / 'at-or-above' the target.
        .addColumn('fill_direction', 'text')
        .addColumn('open_price', 'bigint')
        .addColumn('close_price', 'bigint')
        .addColumn('margin', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('reserve', 'bigint', (c) => c.notNull())
        .addColumn('take_profit', 'bigint', (c) => c.notNull())
        .addColumn('stop_loss', 'bigint', (c) => c.notNull())
        .addColumn('pnl', 'bigint')
        .addColumn('close_reason', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('request_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('opened_at', 'bigint')
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('orders_user_status_idx')
        .on('orders')
        .columns(['user_id', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_open_idx')
        .on('orders')
        .columns(['status', 'instrument_id'])
        .execute();
      await db.schema
        .createIndex('orders_idempotency_idx')
        .on('orders')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .execute();
    },
  };
}
