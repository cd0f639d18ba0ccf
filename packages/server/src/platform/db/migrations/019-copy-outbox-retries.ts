import type { Kysely } from 'kysely';

/**
 * Issue 36, copy signals on the house's retry policy (platform/core/retry-policy.ts).
 * - `copy_outbox.next_attempt_at`: a signal that failed waits until then (10 s, doubling to an
 *   hour), and the leader's later signals wait behind it; NULL for one never tried or due now.
 * - `copy_outbox.set_aside_at`: when a signal that failed its last attempt was set aside, with
 *   its `last_error`; the mirror leaves it and goes on with the leader's later signals, and the
 *   back office may put it back. NULL while it waits to be mirrored.
 */
export function copyOutboxRetriesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('copy_outbox').addColumn('next_attempt_at', 'bigint').execute();
      await db.schema.alterTable('copy_outbox').addColumn('set_aside_at', 'bigint').execute();
      await db.schema
        .createIndex('copy_outbox_set_aside')
        .on('copy_outbox')
        .column('set_aside_at')
        .execute();
    },
  };
}
