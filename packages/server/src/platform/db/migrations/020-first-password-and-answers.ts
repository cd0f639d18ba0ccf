import type { Kysely } from 'kysely';

/**
 * Issue 37, the back office.
 * - `operators.password_change_required`: 1 for the owner created at first start with a
 *   generated password (the start-up banner and DATA_DIR/admin-credentials.txt show it); until
 *   they choose their own, their session may only change it. An owner set through
 *   ADMIN_PASSWORD, and every other operator, is 0. An owner made before this migration still
 *   on the generated password is flagged at the next start (the file still opens it).
 * - `complaints.answer`, `answered_at`, `answered_by`: the desk's answer to a complaint, which
 *   its trader reads in the app; NULL until answered. Answering marks it handled too.
 */
export function firstPasswordAndAnswersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('operators')
        .addColumn('password_change_required', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('complaints').addColumn('answer', 'text').execute();
      await db.schema.alterTable('complaints').addColumn('answered_at', 'bigint').execute();
      await db.schema
        .alterTable('complaints')
        .addColumn('answered_by', 'integer', (c) => c.references('operators.id'))
        .execute();
    },
  };
}
