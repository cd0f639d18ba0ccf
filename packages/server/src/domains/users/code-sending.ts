import {
  CODE_RESEND_SECONDS,
  type CodeTooSoonData,
  type Language,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/http/app-error.ts';
import type { CodeChannel, CodePurposeName, Notifier } from '../../platform/notify/notifier.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { createVerificationCode } from '../../platform/security/tokens.ts';
import { codeHash, secondsUntil } from './code-verification.ts';
import { createCodesRepository } from './codes.repository.ts';
import type { UsersTables } from './tables.ts';

export interface SendRequest {
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

function tooSoon(seconds: number): AppError {
  return new AppError('CODE_TOO_SOON', { seconds }, { seconds } satisfies CodeTooSoonData);
}

/**
 * Sends verification codes: 6 digits, valid 10 minutes, one per destination per 60 s, within
 * the limits per destination and per address.
 */
export function createCodeSending(deps: {
  db: Kysely<UsersTables>;
  notifier: Pick<Notifier, 'sendCode'>;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { notifier, limiter, now } = deps;
  const codes = createCodesRepository(deps.db);
  const resendRule = { limit: 1, windowMs: CODE_RESEND_SECONDS * 1000 };

  /** Writes a code and delivers it; an undelivered code is forgotten again. */
  async function issue(request: SendRequest): Promise<void> {
    const { destination } = request;
    // The database remembers across restarts what the in-memory limiter forgets.
    const last = await codes.lastSentAt(destination);
    const sinceLast = last === null ? Number.POSITIVE_INFINITY : now() - last;
    if (sinceLast < CODE_RESEND_SECONDS * 1000)
      throw tooSoon(secondsUntil(CODE_RESEND_SECONDS * 1000 - sinceLast));
    const code = createVerificationCode();
    const createdAt = now();
    const id = await codes.insert({
      channel: request.channel,
      destination,
      purpose: request.purpose,
      codeHash: codeHash(destination, request.purpose, code),
      createdAt,
      expiresAt: createdAt + VERIFICATION_CODE_TTL_SECONDS * 1000,
    });
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
      await codes.remove(id);
      throw error;
    }
  }

  /**
   * Issues a code. `destination` is the normalized key; `to` is what the client typed
   * (the outbox records it as sent).
   */
  return async function send(request: SendRequest): Promise<void> {
    const { destination, ip } = request;
    // Each limit is claimed atomically before the first await, so concurrent sends cannot
    // all pass it; whatever refuses or fails further on gives the claims back, so that a
    // refused or undelivered send counts nothing. Spacing first: it is the answer to give.
    const spacingKey = `code-spacing:${destination}`;
    const spacing = await limiter.consume(spacingKey, resendRule);
    if (!spacing.allowed) throw tooSoon(secondsUntil(spacing.retryAfterMs));
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
  };
}
