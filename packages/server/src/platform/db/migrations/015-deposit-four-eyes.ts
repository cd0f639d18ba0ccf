import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { replaceChecks } from '../table-checks.ts';

/**
 * Issue 24, item 3: a large deposit credit needs two operators, as a large withdrawal does.
 * The first approval of such a deposit is recorded here while it stays unchecked (status 0);
 * the second, by another operator, credits it. The database refuses a credit whose two
 * approvals came from one operator, whatever the service believes.
 */
export function depositFourEyesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('deposits')
        .addColumn('first_approver_id', 'integer', (c) => c.references('operators.id'))
        .execute();
      await db.schema.alterTable('deposits').addColumn('first_approver_email', 'text').execute();
      await db.schema.alterTable('deposits').addColumn('first_approved_at', 'bigint').execute();
      await replaceChecks(db, dialect, 'deposits', {
        add: {
          deposits_first_approver_named:
            'first_approved_at IS NULL OR first_approver_id IS NOT NULL',
          deposits_second_approver_differs:
            'status <> 1 OR first_approved_at IS NULL OR (reviewer_id IS NOT NULL AND first_approver_id <> reviewer_id)',
        },
      });
    },
  };
}
