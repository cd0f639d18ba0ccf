import type { Executor } from '../../db/executor.ts';
import { toInt } from '../../db/schema.ts';

export interface SessionRecord {
  userId: number;
  expiresAt: number;
  revokedAt: number | null;
}

export function createSessionsRepository(db: Executor) {
  return {
    async insert(
      session: {
        tokenHash: string;
        userId: number;
        createdAt: number;
        expiresAt: number;
        ip: string | null;
      },
      executor: Executor = db,
    ): Promise<void> {
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
    async find(tokenHash: string, executor: Executor = db): Promise<SessionRecord | undefined> {
      const row = await executor
        .selectFrom('sessions')
        .select(['user_id', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        userId: toInt(row.user_id),
        expiresAt: toInt(row.expires_at),
        revokedAt: row.revoked_at === null ? null : toInt(row.revoked_at),
      };
    },
    async revoke(tokenHash: string, at: number, executor: Executor = db): Promise<void> {
      await executor
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllOfUser(userId: number, at: number, executor: Executor = db): Promise<void> {
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
