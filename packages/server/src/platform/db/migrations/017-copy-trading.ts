import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * Issue 29, copy trading.
 * - `users.owner_id`: a copy account is a login of its own (accounts, orders and ledger rows
 *   are keyed by user id), owned by the follower; it never signs in and is never listed.
 * - `copies`: one follower copying one leader, with the copy account its money sits in. At
 *   most one copy per follower and leader is not stopped (a partial unique index).
 * - `copy_trades`: what each copy did with each leader order — mirrored (the copy's order) or
 *   skipped (why). Unique per (copy, leader order): the guard that makes mirroring exactly once.
 * - `copy_outbox`: the leader's fills, closes and TP/SL changes, written in the leader's own
 *   transaction and worked off until every copy took them (a crash loses or doubles nothing).
 * - `equity_daily`: each account's equity at the end of each day (UTC) and the deposits,
 *   withdrawals and transfers since the point before: the time-weighted return's inputs.
 * - `leader_settings`: an operator may hide a leader from the ranking.
 */
export function copyTradingMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
        .execute();
      await createCopies(db, dialect);
      await createCopyRecords(db, dialect);
      await createEquitySeries(db);
    },
  };
}

async function createCopies(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('copies')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('leader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('copy_sl_rate', 'integer', (c) => c.notNull())
    .addColumn('invested', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('returned', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('copy_open', 'integer', (c) => c.notNull().defaultTo(0))
    /**
     * The leader's last signal when the copy started: it takes only later ones (the start
     * read the leader's account under a share lock, so every earlier one is at most this).
     */
    .addColumn('from_signal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stop_reason', 'text')
    .addColumn('mirrored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint')
    .addCheckConstraint('copies_status', sql`status IN ('opening', 'active', 'paused', 'stopped')`)
    .addCheckConstraint('copies_sl_rate', sql`copy_sl_rate BETWEEN 5 AND 95`)
    .addCheckConstraint('copies_returned', sql`returned >= 0`)
    .addCheckConstraint(
      'copies_stop_reason',
      sql`stop_reason IS NULL OR stop_reason IN ('user', 'copy-stop-loss')`,
    )
    .addCheckConstraint('copies_not_self', sql`follower_id <> leader_id`)
    .execute();
  await sql`CREATE UNIQUE INDEX copies_one_running ON copies (follower_id, leader_id) WHERE status <> 'stopped'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX copies_idempotency ON copies (follower_id, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(
    db,
  );
  await db.schema
    .createIndex('copies_by_leader')
    .on('copies')
    .columns(['leader_id', 'status'])
    .execute();
}

async function createCopyRecords(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('copy_trades')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id'))
    .addColumn('leader_order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('copy_order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('leader_lots', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'copy_trades_outcome',
      sql`(status = 'mirrored' AND copy_order_id IS NOT NULL AND reason IS NULL) OR (status = 'skipped' AND copy_order_id IS NULL AND reason IS NOT NULL)`,
    )
    .addUniqueConstraint('copy_trades_once', ['copy_id', 'leader_order_id'])
    .execute();
  await db.schema
    .createTable('copy_outbox')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('leader_id', 'integer', (c) => c.notNull())
    .addColumn('leader_order_id', 'integer', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    /** A copy the signal is for alone (copying open positions when it starts); else all. */
    .addColumn('copy_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addCheckConstraint('copy_outbox_change', sql`change IN ('open', 'close', 'stops')`)
    .execute();
  await db.schema
    .createIndex('copy_outbox_by_leader')
    .on('copy_outbox')
    .columns(['leader_id', 'id'])
    .execute();
}

async function createEquitySeries(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('equity_daily')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id'))
    /** Days since 1970-01-01 (UTC). */
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('equity', 'bigint', (c) => c.notNull())
    .addColumn('flows', 'bigint', (c) => c.notNull())
    .addColumn('sampled_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('equity_daily_pk', ['account_id', 'day'])
    .execute();
  await db.schema
    .createTable('leader_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
