import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/** Categories, instruments and candles. Prices are integer points (bigint), decimals text. */
export function marketMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('instruments')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('price_precision', 'integer', (c) => c.notNull())
        .addColumn('lot_step', 'text', (c) => c.notNull())
        .addColumn('min_lots', 'text', (c) => c.notNull())
        .addColumn('max_lots', 'text', (c) => c.notNull())
        .addColumn('contract_size', 'text', (c) => c.notNull())
        .addColumn('fee_rate', 'text', (c) => c.notNull())
        .addColumn('margin_mode', 'integer', (c) => c.notNull())
        .addColumn('leverage_options', 'text', (c) => c.notNull())
        .addColumn('quote_currency', 'text', (c) => c.notNull())
        .addColumn('spread_points', 'integer', (c) => c.notNull())
        .addColumn('schedule', 'text', (c) => c.notNull())
        .addColumn('anchor_price', 'text', (c) => c.notNull())
        .addColumn('volatility', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('candles')
        .addColumn('instrument_id', 'integer', (c) => c.notNull().references('instruments.id'))
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('open', 'bigint', (c) => c.notNull())
        .addColumn('high', 'bigint', (c) => c.notNull())
        .addColumn('low', 'bigint', (c) => c.notNull())
        .addColumn('close', 'bigint', (c) => c.notNull())
        .addColumn('volume', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('candles_pk', ['instrument_id', 'period', 'time'])
        .execute();
    },
  };
}
