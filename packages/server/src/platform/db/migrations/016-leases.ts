import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * Issue 28: leases of a scale-out deployment — the price feed and each engine partition is
 * held by one node at a time. `token` grows by one at every change of holder: the fencing
 * token a holder's transactions check, so that one that lost its lease commits nothing.
 * `expires_at` is the database's clock (epoch ms), never a node's. Embedded nodes never use
 * the table; it exists in both dialects so that the migrations stay one list.
 */
export function leasesMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text')
        .addColumn('token', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('leases_token_not_negative', sql`token >= 0`)
        .execute();
    },
  };
}
