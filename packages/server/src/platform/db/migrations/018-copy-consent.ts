import { type Kysely, sql } from 'kysely';

/**
 * Issue 36, consent before anyone is copied.
 * - `leader_settings.listed` / `copyable`: the trader's own choice, off by default — shown in
 *   the ranking with a profile, and open to new copies (which needs being listed). Sample
 *   traders (the embedded default's bots) are opted in. `consent_at`: when the trader last
 *   changed it (the back office shows it; the audit log keeps each change).
 * - Copy accounts take their follower's kind: a demo follower's copy account is a demo
 *   account (`is_demo` 1), and `copies.demo` says so beside the copy, so demo money never
 *   counts as a real trader's followers or assets under copy.
 * - Copies no longer pass through 'opening' (a start is one transaction): the rows a refused
 *   or raced start of the old code left behind, with the copy accounts no money ever
 *   reached, are removed.
 */
export function copyConsentMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('leader_settings')
        .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('leader_settings')
        .addColumn('copyable', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('leader_settings').addColumn('consent_at', 'bigint').execute();
      await sql`INSERT INTO leader_settings (user_id, hidden, updated_at, listed, copyable, consent_at)
        SELECT user_id, 0, created_at, 1, 1, created_at FROM sample_traders
        WHERE user_id NOT IN (SELECT user_id FROM leader_settings)`.execute(db);
      await sql`UPDATE leader_settings SET listed = 1, copyable = 1, consent_at = updated_at
        WHERE user_id IN (SELECT user_id FROM sample_traders)`.execute(db);
      await sql`UPDATE users SET is_demo = 1
        WHERE owner_id IN (SELECT id FROM users WHERE is_demo = 1)`.execute(db);
      await db.schema
        .alterTable('copies')
        .addColumn('demo', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`UPDATE copies SET demo = 1
        WHERE follower_id IN (SELECT id FROM users WHERE is_demo = 1)`.execute(db);
      // Two-factor enrolment now starts with the password (issue 36): a secret set up before,
      // without it, may not be turned on — the operator sets up again.
      await sql`UPDATE operators SET otp_pending_secret = NULL`.execute(db);
      await sql`DELETE FROM copies WHERE status = 'opening'`.execute(db);
      await sql`DELETE FROM users WHERE owner_id IS NOT NULL
        AND id NOT IN (SELECT account_id FROM copies)
        AND id NOT IN (SELECT user_id FROM accounts)`.execute(db);
    },
  };
}
