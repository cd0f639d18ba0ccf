import {
  CODE_RESEND_SECONDS,
  type CodeTooSoonData,
  type Language,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@tradedesk/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { toInt } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CodeChannel, CodePurposeName, Notifier } from '../../platform/notify/notifier.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { createVerificationCode, sha256 } from '../../platform/security/tokens.ts';

function codeHash(destination: string, purpose: CodePurposeName, code: string): string {
  return sha256(`${destination}|${purpose}|${code}`);
}

function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A code that matched; `claim` uses it, once, in the caller's transaction. */
export interface VerifiedCode {
  claim(executor: Executor): Promise<void>;
}

interface SendRequest {
  channel: CodeChannel;
  destination: string;
  to: string;
  purpose: CodePurposeName;
  ip: string;
  language: Language;
  /**
   * Counts every limit and answers as a real send does, but sends nothing: a reset code asked
   * for an account that does not exist must look the same as one that does.
   */
  silent?: boolean;
}

/**
 * Verification codes: 6 digits, valid 10 minutes, one per destination per 60 s; wrong
 * guesses are limited per destination. Codes are stored hashed.
 */
export function createCodesService(deps: {
  db: Executor;
  notifier: Pick<Notifier, 'sendCode'>;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { db, notifier, limiter, now } = deps;
  const resendRule = { limit: 1, windowMs: CODE_RESEND_SECONDS * 1000 };

  async function lastSentAt(destination: string): Promise<number | null> {
    const row = await db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('destination', '=', destination)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toInt(row.created_at) : null;
  }

  /** Writes a code and delivers it; an undelivered code is forgotten again. */
  async function issue(request: SendRequest): Promise<void> {
    const { destination } = request;
    // The database remembers across restarts what the in-memory limiter forgets.
    const last = await lastSentAt(destination);
    const sinceLast = last === null ? Number.POSITIVE_INFINITY : now() - last;
    if (sinceLast < CODE_RESEND_SECONDS * 1000) {
      const seconds = secondsUntil(CODE_RESEND_SECONDS * 1000 - sinceLast);
      throw new AppError('CODE_TOO_SOON', { seconds }, { seconds } satisfies CodeTooSoonData);
    }
    const code = createVerificationCode();
    const createdAt = now();
    const inserted = await db
      .insertInto('verification_codes')
      .values({
        channel: request.channel,
        destination,
        purpose: request.purpose,
        code_hash: codeHash(destination, request.purpose, code),
        created_at: createdAt,
        expires_at: createdAt + VERIFICATION_CODE_TTL_SECONDS * 1000,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await notifier.sendCode({
        channel: request.channel,
        to: request.to,
        code,
        purpose: request.purpose,
        language: request.language,
      });
    } catch (error) {
      // Undelivered: forget it, so the user may ask again at once.
      await db.deleteFrom('verification_codes').where('id', '=', inserted.id).execute();
      throw error;
    }
  }

  /** The newest live code for the destination, if `code` is that code. */
  async function findLiveCode(
    request: { destination: string; purpose: CodePurposeName; code: string },
    executor: Executor,
  ): Promise<number | undefined> {
    const live = await executor
      .selectFrom('verification_codes')
      .select(['id', 'code_hash'])
      .where('destination', '=', request.destination)
      .where('purpose', '=', request.purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const expected = codeHash(request.destination, request.purpose, request.code.trim());
    return live && live.code_hash === expected ? toInt(live.id) : undefined;
  }

  /**
   * Checks a code without using it: the cheap part, done before any slow work (hashing the
   * new password) so that wrong codes cost the server nothing. The answer's `claim` uses the
   * code inside the transaction of the change it authorizes, so a refused change leaves it valid.
   */
  async function verify(
    request: { destination: string; purpose: CodePurposeName; code: string },
    executor: Executor = db,
  ): Promise<VerifiedCode> {
    const wrongKey = `wrong-code:${request.destination}`;
    // The guess takes its place among the wrong ones before it is checked, so that guesses
    // racing each other cannot all pass the lock; only a wrong guess keeps the place.
    const lock = await limiter.consume(wrongKey, RATE_LIMITS.wrongCodesPerDestination);
    if (!lock.allowed)
      throw new AppError('RATE_LIMITED', { seconds: secondsUntil(lock.retryAfterMs) });
    let id: number | undefined;
    try {
      id = await findLiveCode(request, executor);
    } catch (error) {
      await limiter.refund(wrongKey);
      throw error;
    }
    if (id === undefined) throw new AppError('CODE_INVALID');
    await limiter.refund(wrongKey);
    return {
      async claim(trx) {
        const result = await trx
          .updateTable('verification_codes')
          .set({ consumed_at: now() })
          .where('id', '=', id)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        // The right code, used by someone else in the meantime: not a wrong guess.
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CODE_INVALID');
        await limiter.reset(wrongKey);
      },
    };
  }

  return {
    /**
     * Issues a code. `destination` is the normalized key; `to` is what the client typed
     * (the outbox records it as sent).
     */
    async send(request: SendRequest): Promise<void> {
      const { destination, ip } = request;
      // Each limit is claimed atomically before the first await, so concurrent sends cannot
      // all pass it; whatever refuses or fails further on gives the claims back, so that a
      // refused or undelivered send counts nothing. Spacing first: it is the answer to give.
      const spacingKey = `code-spacing:${destination}`;
      const spacing = await limiter.consume(spacingKey, resendRule);
      if (!spacing.allowed) {
        const seconds = secondsUntil(spacing.retryAfterMs);
        throw new AppError('CODE_TOO_SOON', { seconds }, { seconds } satisfies CodeTooSoonData);
      }
      const claimed = [spacingKey];
      try {
        for (const [key, rule] of [
          [`codes-dest:${destination}`, RATE_LIMITS.codesPerDestination],
          [`codes-ip:${ip}`, RATE_LIMITS.codesPerIp],
        ] as const) {
          const verdict = await limiter.consume(key, rule);
          if (!verdict.allowed)
            throw new AppError('RATE_LIMITED', { seconds: secondsUntil(verdict.retryAfterMs) });
          claimed.push(key);
        }
        if (!request.silent) await issue(request);
      } catch (error) {
        for (const key of claimed) await limiter.refund(key);
        throw error;
      }
    },

    verify,

    /** Verifies and uses a code in one step, inside the caller's transaction. */
    async consume(
      request: { destination: string; purpose: CodePurposeName; code: string },
      executor: Executor,
    ): Promise<void> {
      await (await verify(request, executor)).claim(executor);
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
