import { toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import { createSessionToken, sha256 } from '../security/tokens.ts';
import type { OperatorsTables } from './tables.ts';

/** A working day: operators log in again each day; a stolen token dies by itself. */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Operator sessions, in their own table: a trader's token is unknown here and an operator's
 * is unknown to the trader's sessions, so each is refused (999) on the other's calls. On the
 * executor it is built on: a login's transaction, so the session commits with its audit row.
 */
export function createOperatorSessions(executor: Executor<OperatorsTables>) {
  return {
    async start(operatorId: number, ip: string | null, at: number): Promise<string> {
      const token = createSessionToken();
      await executor
        .insertInto('operator_sessions')
        .values({
          token_hash: sha256(token),
          operator_id: operatorId,
          created_at: at,
          expires_at: at + OPERATOR_SESSION_TTL_MS,
          revoked_at: null,
          ip,
        })
        .execute();
      return token;
    },
    /** The operator id behind a token live at `at`, or null. */
    async resolve(token: string | null, at: number): Promise<number | null> {
      if (!token) return null;
      const row = await executor
        .selectFrom('operator_sessions')
        .select(['operator_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || toInt(row.expires_at) <= at) return null;
      return toInt(row.operator_id);
    },
    async revoke(token: string, at: number): Promise<void> {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: at })
        .where('token_hash', '=', sha256(token))
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAll(operatorId: number, at: number): Promise<void> {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: at })
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
    async revokeOthers(operatorId: number, keptToken: string, at: number): Promise<void> {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: at })
        .where('operator_id', '=', operatorId)
        .where('token_hash', '!=', sha256(keptToken))
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
