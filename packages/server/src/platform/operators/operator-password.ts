import type { Kysely } from 'kysely';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../rate-limit/rules.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { assertOperatorPasswordRules } from '../security/password-rules.ts';
import { type AuditActor, appendAudit } from './audit-log.ts';
import { retryAfter } from './operator-login.ts';
import { createOperatorSessions } from './operator-sessions.ts';
import { createOperatorsRepository, type OperatorRecord } from './operators.repository.ts';
import type { OperatorsTables } from './tables.ts';

/**
 * Checks the operator's current password before a step a session alone must not take (a
 * password change, two-factor enrolment). Wrong ones are limited per operator, those steps
 * together, so that a stolen session cannot guess the password it lacks.
 */
export function createPasswordConfirmation(deps: { limiter: RateLimiter; hasher: PasswordHasher }) {
  const { limiter, hasher } = deps;
  return async function confirmPassword(operator: OperatorRecord, password: string): Promise<void> {
    const wrongKey = `admin-old-password:${operator.id}`;
    const verdict = await limiter.consume(wrongKey, RATE_LIMITS.oldPasswordFailuresPerUser);
    if (!verdict.allowed) throw retryAfter(verdict.retryAfterMs);
    let ok: boolean;
    try {
      ok = await hasher.verify(password, operator.passwordHash);
    } catch (error) {
      await limiter.refund(wrongKey);
      throw error;
    }
    if (!ok) throw new AppError('OLD_PASSWORD_WRONG');
    await limiter.reset(wrongKey);
  };
}

export type ConfirmPassword = ReturnType<typeof createPasswordConfirmation>;

/** An operator's change of their own password, proven by the current one. */
export function createOperatorPasswordChange(deps: {
  db: Kysely<OperatorsTables>;
  hasher: PasswordHasher;
  confirmPassword: ConfirmPassword;
  now: () => number;
}) {
  const { hasher, now } = deps;
  return {
    /**
     * Checks the operator's current password before a change of it, and that the new one
     * differs from it. Returns the new password's hash, made outside the change's transaction
     * (hashing is slow).
     */
    async checkPasswordChange(
      operator: OperatorRecord,
      oldPassword: string,
      newPassword: string,
    ): Promise<string> {
      assertOperatorPasswordRules(newPassword);
      await deps.confirmPassword(operator, oldPassword);
      // After the current password is proven: before it, this would tell a stolen session
      // whether a guess is the password, past the limit on wrong ones.
      if (await hasher.verify(newPassword, operator.passwordHash))
        throw new AppError('ADMIN_PASSWORD_UNCHANGED');
      return hasher.hash(newPassword);
    },
    /**
     * Stores the new password and ends the operator's other sessions, with its audit row, in
     * one transaction: a session opened with the old password must not outlive it.
     */
    async changePassword(
      operator: OperatorRecord,
      passwordHash: string,
      keptToken: string,
      actor: AuditActor,
    ): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        await createOperatorsRepository(trx).setPassword(operator.id, passwordHash);
        await createOperatorSessions(trx).revokeOthers(operator.id, keptToken, now());
        // Never the password or its hash: only that it changed, by whom, from where.
        await appendAudit(
          trx,
          actor,
          { action: 'operator.password_change', targetType: 'operator', targetId: operator.id },
          now(),
        );
      });
    },
  };
}
