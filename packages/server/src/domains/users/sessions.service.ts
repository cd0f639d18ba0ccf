import type { Bus } from '../../platform/bus/bus.ts';
import { createSessionToken, sha256 } from '../../platform/security/tokens.ts';
import type { SocketSession } from '../../platform/ws/gateway.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { UserRecord } from './user-record.ts';

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Live sessions a user may hold (devices and browsers). A new one beyond this ends the
 * oldest, so that logging in or opening a demo again and again never piles up rows.
 */
export const MAX_SESSIONS_PER_USER = 10;

/** A live session: whose it is, which token (hashed) and until when. */
export interface LiveSession {
  user: UserRecord;
  tokenHash: string;
  expiresAt: number;
}

/** A session (or all of a user's, `tokenHash` null) stopped being valid: sockets must forget it. */
export interface SessionRevoked {
  userId: number;
  tokenHash: string | null;
}

declare module '../../platform/bus/bus.ts' {
  interface BusTopics {
    'session.revoked': SessionRevoked;
  }
}

export function createSessionsService(deps: {
  /** On the root database: logins and logouts write one statement each, no transaction. */
  sessions: SessionsRepository;
  bus: Bus;
  now: () => number;
}) {
  const { sessions, bus, now } = deps;

  /** The live session behind a token, or null for a missing, unknown, expired or revoked one. */
  async function resolve(token: string | null): Promise<LiveSession | null> {
    if (!token) return null;
    const tokenHash = sha256(token);
    const session = await sessions.findWithUser(tokenHash);
    if (!session || session.revokedAt !== null || session.expiresAt <= now()) return null;
    // A disabled account's sessions are revoked when it is disabled; this holds even for a
    // session started in the instant between.
    if (session.user.disabledAt !== null) return null;
    return { user: session.user, tokenHash, expiresAt: session.expiresAt };
  }

  return {
    async start(userId: number, ip: string | null): Promise<string> {
      const token = createSessionToken();
      const createdAt = now();
      const tokenHash = sha256(token);
      await sessions.insert({
        tokenHash,
        userId,
        createdAt,
        expiresAt: createdAt + SESSION_TTL_MS,
        ip,
      });
      const ended = await sessions.pruneOfUser(userId, tokenHash, MAX_SESSIONS_PER_USER, now());
      for (const hash of ended) await bus.publish('session.revoked', { userId, tokenHash: hash });
      return token;
    },
    resolve,
    /** What a socket keeps of the session it logged in with: whose, and until when. */
    async resolveSocket(token: string | null): Promise<SocketSession | null> {
      const session = await resolve(token);
      return (
        session && {
          userId: session.user.id,
          tokenHash: session.tokenHash,
          expiresAt: session.expiresAt,
        }
      );
    },
    /** The user behind a live token, or null. */
    async authenticate(token: string | null): Promise<UserRecord | null> {
      return (await resolve(token))?.user ?? null;
    },
    /** Logout: this token stops working, here and on every socket that logged in with it. */
    async revoke(token: string, userId: number): Promise<void> {
      const tokenHash = sha256(token);
      await sessions.revoke(tokenHash, now());
      await bus.publish('session.revoked', { userId, tokenHash });
    },
    /**
     * Every session of the user stopped working (a password change or reset, an operator
     * disabled the account) and that has committed: every socket of theirs forgets it.
     */
    announceRevokedAll: (userId: number) =>
      bus.publish('session.revoked', { userId, tokenHash: null }),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
