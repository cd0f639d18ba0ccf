import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * The account's password asked again before a step a stolen session must not take alone (a
 * password change, a withdrawal). The wrong guesses of every such step count together, per
 * user: a session thief gets a few tries in all, not a few per step.
 */
export function createPasswordConfirmation(deps: {
  limiter: RateLimiter;
  hasher: PasswordHasher;
  /**
   * The refusal of a wrong password, in the words of the step: a password change asks for
   * the current one (OLD_PASSWORD_WRONG), a withdrawal for the password (PASSWORD_WRONG).
   */
  wrong?: 'OLD_PASSWORD_WRONG' | 'PASSWORD_WRONG';
}) {
  const { limiter, hasher } = deps;
  const wrong = deps.wrong ?? 'OLD_PASSWORD_WRONG';
  const queues = new Map<number, Promise<void>>();

  async function check(user: UserRecord, password: string): Promise<void> {
    const key = `old-password:${user.id}`;
    // The attempt takes its place among the failures before the slow check, so that
    // attempts racing each other cannot all pass the lock; only a failure keeps the place.
    const verdict = await limiter.consume(key, RATE_LIMITS.oldPasswordFailuresPerUser);
    if (!verdict.allowed)
      throw new AppError('RATE_LIMITED', { seconds: Math.ceil(verdict.retryAfterMs / 1000) });
    let ok: boolean;
    try {
      ok = !!user.passwordHash && (await hasher.verify(password, user.passwordHash));
    } catch (error) {
      await limiter.refund(key);
      throw error;
    }
    if (!ok) throw new AppError(wrong);
    await limiter.reset(key);
  }

  /**
   * One user's checks run one after another on this node: places taken by checks still in
   * flight would otherwise refuse the same user's right passwords sent at once (withdrawals
   * from two devices), as if they were failures.
   */
  return function confirmPassword(user: UserRecord, password: string): Promise<void> {
    const previous = queues.get(user.id) ?? Promise.resolve();
    const result = previous.then(() => check(user, password));
    const settled = result.catch(() => undefined);
    queues.set(user.id, settled);
    void settled.then(() => {
      if (queues.get(user.id) === settled) queues.delete(user.id);
    });
    return result;
  };
}

export type PasswordConfirmation = ReturnType<typeof createPasswordConfirmation>;
