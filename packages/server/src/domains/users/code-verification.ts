import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CodePurposeName } from '../../platform/notify/notifier.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { sha256 } from '../../platform/security/tokens.ts';
import { createCodesRepository } from './codes.repository.ts';
import type { UsersTables } from './tables.ts';

export function codeHash(destination: string, purpose: CodePurposeName, code: string): string {
  return sha256(`${destination}|${purpose}|${code}`);
}

export function secondsUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A code that matched; `claim` uses it, once, in the caller's transaction. */
export interface VerifiedCode {
  claim(executor: Executor<UsersTables>): Promise<void>;
}

export interface CodeCheck {
  destination: string;
  purpose: CodePurposeName;
  code: string;
}

/**
 * Checks a code without using it: the cheap part, done before any slow work (hashing the
 * new password) so that wrong codes cost the server nothing. The answer's `claim` uses the
 * code inside the transaction of the change it authorizes, so a refused change leaves it valid.
 * Wrong guesses are limited per destination.
 */
export function createCodeVerification(deps: {
  db: Kysely<UsersTables>;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { limiter, now } = deps;
  const codes = createCodesRepository(deps.db);

  /** The newest live code for the destination, if `code` is that code. */
  async function findLiveCode(request: CodeCheck): Promise<number | undefined> {
    const live = await codes.newestLive(request.destination, request.purpose, now());
    const expected = codeHash(request.destination, request.purpose, request.code.trim());
    return live && live.codeHash === expected ? live.id : undefined;
  }

  return async function verify(request: CodeCheck): Promise<VerifiedCode> {
    const wrongKey = `wrong-code:${request.destination}`;
    // The guess takes its place among the wrong ones before it is checked, so that guesses
    // racing each other cannot all pass the lock; only a wrong guess keeps the place.
    const lock = await limiter.consume(wrongKey, RATE_LIMITS.wrongCodesPerDestination);
    if (!lock.allowed)
      throw new AppError('RATE_LIMITED', { seconds: secondsUntil(lock.retryAfterMs) });
    let id: number | undefined;
    try {
      id = await findLiveCode(request);
    } catch (error) {
      await limiter.refund(wrongKey);
      throw error;
    }
    if (id === undefined) throw new AppError('CODE_INVALID');
    await limiter.refund(wrongKey);
    const found = id;
    return {
      async claim(executor) {
        // The right code, used by someone else in the meantime: not a wrong guess.
        if (!(await createCodesRepository(executor).consume(found, now())))
          throw new AppError('CODE_INVALID');
        await limiter.reset(wrongKey);
      },
    };
  };
}
