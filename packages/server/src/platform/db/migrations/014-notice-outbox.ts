import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * Issue 23: notices to traders leave through a transactional outbox. The decision's transaction
 * writes the row, so a notice exists exactly when its decision does; a node claims it (attempts
 * + 1, next_attempt_at pushed to the end of its lease), sends it and marks it sent. A row is
 * due while `next_attempt_at <= now`; NULL once sent, or once given up (`last_error` says why).
 * `dedupe_key` names the notice (`deposit:<id>:credited`): one row per decision, and the same
 * key on every send of it, so a receiver recognises a resend.
 */
export function noticeOutboxMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notice_outbox')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('vars', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .addCheckConstraint('notice_outbox_attempts_not_negative', sql`attempts >= 0`)
        .addCheckConstraint(
          'notice_outbox_sent_not_due',
          sql`sent_at IS NULL OR next_attempt_at IS NULL`,
        )
        .execute();
      await db.schema
        .createIndex('notice_outbox_due_idx')
        .on('notice_outbox')
        .column('next_attempt_at')
        .execute();
      await db.schema
        .createIndex('notice_outbox_sent_idx')
        .on('notice_outbox')
        .column('sent_at')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('notice_outbox').execute();
    },
  };
}
