import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { UsersTables } from './tables.ts';
import { toUser, type UserRecord } from './user-record.ts';

export interface SessionRecord {
  userId: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** Traders' sessions, on the executor it is built on (the root database, or a transaction). */
export function createSessionsRepository(executor: Executor<UsersTables>) {
  return {
    async insert(session: {
      tokenHash: string;
      userId: number;
      createdAt: number;
      expiresAt: number;
      ip: string | null;
    }): Promise<void> {
      await executor
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          revoked_at: null,
          ip: session.ip,
        })
        .execute();
    },
    /**
     * The session behind a token with its user, in one statement: every authenticated request
     * asks this, so it is one query instead of two.
     */
    async findWithUser(
      tokenHash: string,
    ): Promise<(SessionRecord & { user: UserRecord }) | undefined> {
      const row = await executor
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.expires_at as session_expires_at',
          'sessions.revoked_at as session_revoked_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const user = toUser(row);
      return {
        userId: user.id,
        expiresAt: toInt(row.session_expires_at),
        revokedAt: row.session_revoked_at === null ? null : toInt(row.session_revoked_at),
        user,
      };
    },
    async revoke(tokenHash: string, at: number): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /**
     * Keeps the session just started and the user's newest other live ones, `keep` in all, and
     * deletes every other row of theirs (revoked, expired, or live beyond those), so that rows
     * per user stay bounded; answers the live ones it deleted, for their sockets to be told.
     */
    async pruneOfUser(
      userId: number,
      started: string,
      keep: number,
      at: number,
    ): Promise<string[]> {
      const rows = await executor
        .selectFrom('sessions')
        .select(['token_hash', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('token_hash', 'desc')
        .execute();
      const others = rows.filter(
        (r) => r.token_hash !== started && r.revoked_at === null && toInt(r.expires_at) > at,
      );
      const dropped = others.slice(keep - 1).map((r) => r.token_hash);
      const kept = new Set([started, ...others.slice(0, keep - 1).map((r) => r.token_hash)]);
      const doomed = rows.map((r) => r.token_hash).filter((hash) => !kept.has(hash));
      for (let i = 0; i < doomed.length; i += 500) {
        await executor
          .deleteFrom('sessions')
          .where('token_hash', 'in', doomed.slice(i, i + 500))
          .execute();
      }
      return dropped;
    },
    async revokeAllOfUser(userId: number, at: number): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
