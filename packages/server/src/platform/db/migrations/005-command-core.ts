import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { type Checks, replaceChecks } from '../table-checks.ts';

/**
 * What must never happen, refused by the database itself (issue 8): no negative balance or
 * lock, no order in a state its columns contradict. Plus the account version every command
 * compares and bumps, and the outbox its events leave through.
 */
const ACCOUNT_CHECKS = {
  accounts_balance_not_negative: 'balance >= 0',
  accounts_lock_not_negative: 'lock_balance >= 0',
  accounts_version_not_negative: 'version >= 0',
};

const ORDER_CHECKS = {
  orders_status_known: 'status IN (0, 1, 3)',
  orders_side_known: "side IN ('buy', 'sell')",
  orders_lots_positive: 'lots > 0',
  orders_money_not_negative: 'margin >= 0 AND fee >= 0 AND reserve >= 0',
  // Only a pending order holds a reserve: a fill or a cancel releases it.
  orders_reserve_only_pending: 'status = 0 OR reserve = 0',
  orders_holding_has_open_price: 'status <> 1 OR (open_price IS NOT NULL AND closed_at IS NULL)',
  orders_history_has_close_time: 'status <> 3 OR closed_at IS NOT NULL',
  orders_stops_not_negative: 'take_profit >= 0 AND stop_loss >= 0',
};

export function commandCoreMigration(dialect: DialectName) {
  const addChecks = (db: Kysely<unknown>, table: string, add: Checks) =>
    replaceChecks(db, dialect, table, { add });
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('accounts')
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // Cancelled orders kept their reserve figure; the lock itself was released long ago.
      await sql`UPDATE orders SET reserve = 0 WHERE status <> 0`.execute(db);
      await addChecks(db, 'accounts', ACCOUNT_CHECKS);
      await addChecks(db, 'orders', ORDER_CHECKS);

      await db.schema
        .createTable('outbox')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
    },
  };
}
