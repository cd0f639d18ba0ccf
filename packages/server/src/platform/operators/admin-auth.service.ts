import { type Admin, type AdminAccess, type AdminMe, roleMay } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { type CaptchaCheck, createOperatorLogin } from './operator-login.ts';
import { createOperatorPasswordChange, createPasswordConfirmation } from './operator-password.ts';
import { createOperatorSessions } from './operator-sessions.ts';
import { createOperatorTwoFactor } from './operator-two-factor.ts';
import type { OperatorRecord, OperatorsRepository } from './operators.repository.ts';
import type { OperatorsTables } from './tables.ts';

export type { CaptchaCheck } from './operator-login.ts';

/** An operator as the back office lists them: never the password hash or the TOTP secret. */
export function toAdmin(operator: OperatorRecord): Admin {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    otp_enabled: operator.otpSecret !== null,
    disabled: operator.disabledAt !== null,
    created_at: operator.createdAt,
  };
}

export function toAdminMe(operator: OperatorRecord, requireTwoFactor: boolean): AdminMe {
  return {
    ...toAdmin(operator),
    otp_setup_required: requireTwoFactor && operator.otpSecret === null,
    password_change_required: operator.passwordChangeRequired,
  };
}

/**
 * Who may act in the back office: operator login (operator-login.ts), sessions, the check of
 * every call, and the operator's own password and two-factor (operator-password.ts,
 * operator-two-factor.ts).
 */
export function createAdminAuth(deps: {
  db: Kysely<OperatorsTables>;
  operators: OperatorsRepository;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  /** The traders' captchas (GET /api/captcha): the step-up after repeated failures. */
  captcha: CaptchaCheck;
  now: () => number;
  requireTwoFactor: boolean;
}) {
  const { operators, now } = deps;
  const sessions = createOperatorSessions(deps.db);
  const me = (operator: OperatorRecord) => toAdminMe(operator, deps.requireTwoFactor);
  const confirmPassword = createPasswordConfirmation(deps);
  const setupRequired = (operator: OperatorRecord) => me(operator).otp_setup_required;

  /** The enabled operator behind a live token, or null (a trader's token is never one). */
  async function authenticate(token: string | null): Promise<OperatorRecord | null> {
    const id = await sessions.resolve(token, now());
    if (id === null) return null;
    const operator = await operators.findById(id);
    return operator && operator.disabledAt === null ? operator : null;
  }

  return {
    login: createOperatorLogin({ ...deps, setupRequired }),
    /**
     * The operator behind `token` if they may act with `access`: a live session (999), a role
     * that allows it (4001), a password of their own (4012: the generated first one allows
     * only its change, `beforePasswordChange`) and, when ADMIN_REQUIRE_2FA is on, enrolled
     * two-factor (4009) unless the act is part of enrolling. The password comes first: its
     * change is open before enrolment, which asks for it. Every operator call and every read
     * of a trader's upload passes here.
     */
    async authorize(
      token: string | null,
      access: AdminAccess,
      options: { duringEnrolment?: boolean; beforePasswordChange?: boolean } = {},
    ): Promise<OperatorRecord> {
      const operator = await authenticate(token);
      if (!operator) throw new AppError('INVALID_SESSION');
      if (!roleMay(operator.role, access)) throw new AppError('ADMIN_FORBIDDEN');
      if (operator.passwordChangeRequired) {
        if (options.beforePasswordChange) return operator;
        throw new AppError('ADMIN_PASSWORD_CHANGE_REQUIRED');
      }
      if (!options.duringEnrolment && setupRequired(operator))
        throw new AppError('ADMIN_2FA_SETUP_REQUIRED');
      return operator;
    },
    /** The operator as `me` shows them. */
    me,
    logout: (token: string) => sessions.revoke(token, now()),
    ...createOperatorTwoFactor({ ...deps, confirmPassword }),
    ...createOperatorPasswordChange({ ...deps, confirmPassword }),
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;
