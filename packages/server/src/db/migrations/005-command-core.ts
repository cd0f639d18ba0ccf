import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';

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

async function addChecksPostgres(
  db: Kysely<unknown>,
  table: string,
  checks: Record<string, string>,
): Promise<void> {
  for (const [name, condition] of Object.entries(checks))
    await sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${condition})`).execute(db);
}

/**
 * SQLite cannot add a constraint to a table: the table is rebuilt from its own definition
 * with the checks appended, its rows copied and its indexes recreated.
 */
async function addChecksSqlite(
  db: Kysely<unknown>,
  table: string,
  checks: Record<string, string>,
): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    SELECT type, sql FROM sqlite_master WHERE tbl_name = ${table}`.execute(db);
  const definition = rows.find((r) => r.type === 'table')!.sql!;
  const indexes = rows.filter((r) => r.type === 'index' && r.sql !== null).map((r) => r.sql!);
  const constraints = Object.entries(checks)
    .map(([name, condition]) => `, CONSTRAINT ${name} CHECK (${condition})`)
    .join('');
  const close = definition.lastIndexOf(')');
  const rebuilt = `${definition.slice(0, close)}${constraints})`.replace(
    /^CREATE TABLE "?\w+"?/i,
    `CREATE TABLE "${table}_checked"`,
  );
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`INSERT INTO "${table}_checked" SELECT * FROM "${table}"`).execute(db);
  await sql.raw(`DROP TABLE "${table}"`).execute(db);
  await sql.raw(`ALTER TABLE "${table}_checked" RENAME TO "${table}"`).execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

export function commandCoreMigration(dialect: DialectName) {
  const addChecks = dialect === 'postgres' ? addChecksPostgres : addChecksSqlite;
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
