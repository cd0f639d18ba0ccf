import type { Executor } from '../../db/executor.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { createSessionToken, sha256 } from './tokens.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Reads the token from `authorization: <token>` or `authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

export function createSessionsService(deps: {
  sessions: SessionsRepository;
  users: UsersRepository;
  now: () => number;
}) {
  const { sessions, users, now } = deps;
  return {
    async start(userId: number, ip: string | null, executor?: Executor): Promise<string> {
      const token = createSessionToken();
      const createdAt = now();
      await sessions.insert(
        { tokenHash: sha256(token), userId, createdAt, expiresAt: createdAt + SESSION_TTL_MS, ip },
        executor,
      );
      return token;
    },
    /** The user behind a live token, or null for a missing, unknown, expired or revoked one. */
    async authenticate(token: string | null): Promise<UserRecord | null> {
      if (!token) return null;
      const session = await sessions.find(sha256(token));
      if (!session || session.revokedAt !== null || session.expiresAt <= now()) return null;
      return (await users.findById(session.userId)) ?? null;
    },
    revoke: (token: string) => sessions.revoke(sha256(token), now()),
    revokeAll: (userId: number, executor?: Executor) =>
      sessions.revokeAllOfUser(userId, now(), executor),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
