import {
  CODE_RESEND_SECONDS,
  type Language,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@tradedesk/contract';
import type { Executor } from '../../db/executor.ts';
import { toInt } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CodeChannel, CodePurposeName, Notifier } from '../../notify/notifier.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../rate-limit/rules.ts';
import { createVerificationCode, sha256 } from './tokens.ts';

function codeHash(destination: string, purpose: CodePurposeName, code: string): string {
  return sha256(`${destination}|${purpose}|${code}`);
}

function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

type ClaimOutcome = 'claimed' | 'wrong' | 'taken';

interface SendRequest {
  channel: CodeChannel;
  destination: string;
  to: string;
  purpose: CodePurposeName;
  ip: string;
  language: Language;
}

/**
 * Verification codes: 6 digits, valid 10 minutes, one per destination per 60 s; wrong
 * guesses are limited per destination. Codes are stored hashed.
 */
export function createCodesService(deps: {
  db: Executor;
  notifier: Notifier;
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
      throw new AppError('CODE_TOO_SOON', {
        seconds: secondsUntil(CODE_RESEND_SECONDS * 1000 - sinceLast),
      });
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

  /** Marks the newest live code for the destination used, if `code` is that code. */
  async function claimLiveCode(
    request: { destination: string; purpose: CodePurposeName; code: string },
    executor: Executor,
  ): Promise<ClaimOutcome> {
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
    if (!live || live.code_hash !== expected) return 'wrong';
    const result = await executor
      .updateTable('verification_codes')
      .set({ consumed_at: now() })
      .where('id', '=', live.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'claimed' : 'taken';
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
      if (!spacing.allowed)
        throw new AppError('CODE_TOO_SOON', { seconds: secondsUntil(spacing.retryAfterMs) });
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
        await issue(request);
      } catch (error) {
        for (const key of claimed) await limiter.refund(key);
        throw error;
      }
    },

    /**
     * Consumes the newest live code for the destination if `code` matches it. Run inside the
     * transaction of the change the code authorizes, so a refused change leaves the code valid.
     */
    async consume(
      request: { destination: string; purpose: CodePurposeName; code: string },
      executor: Executor,
    ): Promise<void> {
      const wrongKey = `wrong-code:${request.destination}`;
      // The guess takes its place among the wrong ones before it is checked, so that guesses
      // racing each other cannot all pass the lock; only a wrong guess keeps the place.
      const lock = await limiter.consume(wrongKey, RATE_LIMITS.wrongCodesPerDestination);
      if (!lock.allowed)
        throw new AppError('RATE_LIMITED', { seconds: secondsUntil(lock.retryAfterMs) });
      let outcome: ClaimOutcome;
      try {
        outcome = await claimLiveCode(request, executor);
      } catch (error) {
        await limiter.refund(wrongKey);
        throw error;
      }
      if (outcome === 'wrong') throw new AppError('CODE_INVALID');
      if (outcome === 'taken') {
        // The right code, used by someone else in the meantime: not a wrong guess.
        await limiter.refund(wrongKey);
        throw new AppError('CODE_INVALID');
      }
      await limiter.reset(wrongKey);
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
