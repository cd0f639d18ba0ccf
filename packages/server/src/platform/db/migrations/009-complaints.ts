import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * Complaints and invitations (issue 12). A complaint is kept whatever happens to the e-mail
 * that announces it, so the support desk works from the table, not the mailbox. The database
 * refuses a status outside {0 received, 1 handled} and a handled complaint without its time.
 * The invite list reads users by inviter_id, which had no index until now.
 */
export function complaintsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('complaints')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('handled_at', 'bigint')
        .addColumn('handled_by', 'integer', (c) => c.references('operators.id'))
        .addCheckConstraint('complaints_status_known', sql`status IN (0, 1)`)
        .addCheckConstraint(
          'complaints_handled_has_time',
          sql`(status = 0 AND handled_at IS NULL) OR (status = 1 AND handled_at IS NOT NULL)`,
        )
        .execute();
      await db.schema
        .createIndex('complaints_user_idx')
        .on('complaints')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('complaints_status_idx')
        .on('complaints')
        .columns(['status', 'id'])
        .execute();
      await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('users_inviter_idx').execute();
      await db.schema.dropTable('complaints').execute();
    },
  };
}
