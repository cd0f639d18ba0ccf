import { type Kysely, sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { ClusterTables } from './tables.ts';

/** The database's clock in epoch ms: every node's lease is measured by the same clock. */
const DATABASE_NOW = sql<bigint>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * A lease this node lost (it expired, or another node holds it with a newer token) was
 * checked inside a transaction: the transaction must not commit. A defect of nobody's — the
 * node was paused, cut off or too slow to renew — and never a trader's fault.
 */
export class LeaseLostError extends Error {
  constructor(name: string) {
    super(`lease ${name} is no longer held by this node`);
    this.name = 'LeaseLostError';
  }
}

export interface LeaseRow {
  name: string;
  holder: string | null;
  token: bigint;
  /** Milliseconds left by the database's clock (negative: expired). */
  remainingMs: number;
}

/**
 * Leases in PostgreSQL (the `leases` table), the system of record of who holds what in a
 * scale-out deployment: the price feed and each engine partition. Taking a lease raises its
 * token (the fencing token); renewing keeps it; a holder's transactions check it under a
 * share lock (`check`), so a takeover waits for them and a lost holder's commit fails.
 * PostgreSQL only: the embedded default has one node and no leases.
 */
export function createLeases(db: Kysely<ClusterTables>, holder: string) {
  return {
    /** Every lease with its holder, token and time left. */
    async list(): Promise<LeaseRow[]> {
      const rows = await db
        .selectFrom('leases')
        .select(['name', 'holder', 'token', sql<bigint>`expires_at - ${DATABASE_NOW}`.as('left')])
        .orderBy('name')
        .execute();
      return rows.map((row) => ({
        name: row.name,
        holder: row.holder,
        token: BigInt(row.token),
        remainingMs: Number(row.left),
      }));
    },

    /**
     * Takes the lease if nobody holds it or its holder let it expire; the new token, or null
     * when another node holds it. A takeover waits for the old holder's transactions that
     * checked the lease (their share lock), so it sees whatever they committed.
     */
    async acquire(name: string, ttlMs: number): Promise<bigint | null> {
      // One statement: the first holder creates the row; later ones take it only when free.
      const row = await db
        .insertInto('leases')
        .values({ name, holder, token: 1, expires_at: sql`${DATABASE_NOW} + ${ttlMs}` })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({
              holder,
              token: sql`leases.token + 1`,
              expires_at: sql`${DATABASE_NOW} + ${ttlMs}`,
            })
            .where((eb) =>
              eb.or([eb('leases.holder', 'is', null), eb('leases.expires_at', '<', DATABASE_NOW)]),
            ),
        )
        .returning('token')
        .executeTakeFirst();
      return row ? BigInt(row.token) : null;
    },

    /** Extends a lease this node still holds with `token`; false once it expired or moved. */
    async renew(name: string, token: bigint, ttlMs: number): Promise<boolean> {
      const result = await db
        .updateTable('leases')
        .set({ expires_at: sql`${DATABASE_NOW} + ${ttlMs}` })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('token', '=', token)
        .where('expires_at', '>=', DATABASE_NOW)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Gives the lease up at once (a graceful stop, a rebalance): the next holder need not wait. */
    async release(name: string, token: bigint): Promise<void> {
      await db
        .updateTable('leases')
        .set({ holder: null, expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('token', '=', token)
        .execute();
    },

    /**
     * Inside a transaction: the lease is still this node's with `token` and unexpired, and
     * stays so until the transaction ends (share lock). Throws LeaseLostError otherwise.
     */
    async check(trx: Executor<ClusterTables>, name: string, token: bigint): Promise<void> {
      const row = await trx
        .selectFrom('leases')
        .select('token')
        .where('name', '=', name)
        .where('holder', '=', holder)
        .where('token', '=', token)
        .where('expires_at', '>', DATABASE_NOW)
        .forShare()
        .executeTakeFirst();
      if (!row) throw new LeaseLostError(name);
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;
