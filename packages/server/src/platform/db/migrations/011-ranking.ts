import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * The sample traders of the embedded default (issue 12): which real accounts are the strategy
 * bots, and one row that nodes claim, so that exactly one node replays the history and one at
 * a time keeps the bots trading live (a lease it renews).
 */
export function rankingMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sample_traders')
        .addColumn('strategy', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sample_trader_runs')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('replayed_at', 'bigint')
        .addColumn('trades', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sample_trader_runs').execute();
      await db.schema.dropTable('sample_traders').execute();
    },
  };
}
