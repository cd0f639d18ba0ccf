import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/** One USD account per user and its ledger: every balance change is a row (DECISIONS.md Money). */
export function accountsLedgerMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('accounts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('balance', 'bigint', (c) => c.notNull())
        .addColumn('lock_balance', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('ledger')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_user_idx')
        .on('ledger')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
