import type { Executor } from '../db/executor.ts';
import { toInt } from '../db/schema.ts';
import { createSessionToken, sha256 } from '../security/tokens.ts';

/** A working day: operators log in again each day; a stolen token dies by itself. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Operator sessions, in their own table: a trader's token is unknown here and an operator's
 * is unknown to the trader's sessions, so each is refused (999) on the other's calls.
 */
export function createOperatorSessions(deps: { db: Executor; now: () => number }) {
  const { db, now } = deps;
  return {
    /**
     * Through the executor given: a login passes its transaction, so the session commits with
     * its audit row.
     */
    async start(operatorId: number, ip: string | null, executor: Executor): Promise<string> {
      const token = createSessionToken();
      const createdAt = now();
      await executor
        .insertInto('operator_sessions')
        .values({
          token_hash: sha256(token),
          operator_id: operatorId,
          created_at: createdAt,
          expires_at: createdAt + OPERATOR_SESSION_TTL_MS,
          revoked_at: null,
          ip,
        })
        .execute();
      return token;
    },
    /** The operator id behind a live token, or null. */
    async resolve(token: string | null): Promise<number | null> {
      if (!token) return null;
      const row = await db
        .selectFrom('operator_sessions')
        .select(['operator_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || toInt(row.expires_at) <= now()) return null;
      return toInt(row.operator_id);
    },
    async revoke(token: string, executor: Executor): Promise<void> {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: now() })
        .where('token_hash', '=', sha256(token))
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAll(operatorId: number, executor: Executor): Promise<void> {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: now() })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /**
     * Ends every session of the operator but the one of `keptToken` (the session that changed
     * the operator's two-factor): a session opened before the change, perhaps with a stolen
     * password alone, must not outlive it. Revoked in the database, which every node reads on
     * each call, so no node keeps serving it.
     */
    async revokeOthers(operatorId: number, keptToken: string, executor: Executor) {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: now() })
        .where('operator_id', '=', operatorId)
        .where('token_hash', '!=', sha256(keptToken))
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
