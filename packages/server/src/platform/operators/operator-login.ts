import type { AdminLoginRequest, AdminSession } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../rate-limit/rules.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { appendAudit } from './audit-log.ts';
import { createOperatorSessions } from './operator-sessions.ts';
import {
  normalizeOperatorEmail,
  type OperatorRecord,
  type OperatorsRepository,
} from './operators.repository.ts';
import type { OperatorsTables } from './tables.ts';
import { otpStep } from './totp.ts';

/**
 * A captcha answer checked and used up at once: the users domain's captchas (GET /api/captcha)
 * are what is passed in; this module knows only the shape.
 */
export interface CaptchaCheck {
  consume(key: string, answer: string): Promise<void>;
}

export function retryAfter(ms: number): AppError {
  return new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(ms / 1000)) });
}

/**
 * Operator login. Limits mirror the traders', all counted before the password hash so that
 * guessing costs the server nothing more: attempts per address; failures per operator from one
 * address (then that address is locked out of it); failures per operator from anywhere (then
 * every login to it needs a captcha answer too, never a lock: whoever knows the password still
 * gets in from anywhere). An attempt takes its places before the slow check; only a failure
 * keeps them.
 */
export function createOperatorLogin(deps: {
  db: Kysely<OperatorsTables>;
  operators: OperatorsRepository;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  /** The traders' captchas: the step-up after repeated failures. */
  captcha: CaptchaCheck;
  now: () => number;
  /** Whether the operator must enrol two-factor before anything else (ADMIN_REQUIRE_2FA). */
  setupRequired: (operator: OperatorRecord) => boolean;
}) {
  const { operators, hasher, limiter, now } = deps;

  /**
   * After repeated failures on the operator, a login must carry a captcha answer; the captcha
   * is used up by the attempt, right or wrong, so one solved picture buys one guess.
   */
  async function passCaptcha(request: AdminLoginRequest): Promise<void> {
    if (!request.captcha_key || !request.captcha_code) throw new AppError('CAPTCHA_REQUIRED');
    await deps.captcha.consume(request.captcha_key, request.captcha_code);
  }

  /** The operator whose password this is, the limits' places taken (given back if refused). */
  async function checkPassword(request: AdminLoginRequest, ip: string) {
    const email = normalizeOperatorEmail(request.account);
    const byIp = await limiter.consume(`admin-login-ip:${ip}`, RATE_LIMITS.loginAttemptsPerIp);
    if (!byIp.allowed) throw retryAfter(byIp.retryAfterMs);
    const fromHereKey = `admin-login-fail:${email}@${ip}`;
    const fromHere = await limiter.consume(
      fromHereKey,
      RATE_LIMITS.adminLoginFailuresPerAccountAndIp,
    );
    if (!fromHere.allowed) throw retryAfter(fromHere.retryAfterMs);
    const anywhereKey = `admin-login-fail:${email}`;
    const taken = [fromHereKey];
    const giveBack = async () => {
      for (const key of taken) await limiter.refund(key);
    };
    let operator: OperatorRecord | undefined;
    let ok: boolean;
    try {
      const anywhere = await limiter.consume(
        anywhereKey,
        RATE_LIMITS.adminLoginFailuresBeforeCaptcha,
      );
      if (anywhere.allowed) taken.push(anywhereKey);
      else await passCaptcha(request);
      operator = await operators.findByEmail(email);
      ok = await hasher.verify(request.password, operator?.passwordHash);
    } catch (error) {
      // Refused before the password was judged (captcha, busy): not a failed guess.
      await giveBack();
      throw error;
    }
    if (!ok || !operator) throw new AppError('ADMIN_LOGIN_FAILED');
    return { operator, giveBack, keys: [fromHereKey, anywhereKey] };
  }

  /** With two-factor enrolled, the code: a wrong or replayed one counts as a failed guess. */
  async function checkSecondFactor(
    operator: OperatorRecord,
    otp: string | undefined,
    giveBack: () => Promise<void>,
  ): Promise<void> {
    if (operator.otpSecret === null) return;
    if (!otp) {
      await giveBack();
      throw new AppError('ADMIN_OTP_REQUIRED');
    }
    const step = await otpStep(operator.otpSecret, otp, now());
    if (step === undefined || !(await operators.claimOtpStep(operator.id, step)))
      throw new AppError('ADMIN_OTP_INVALID');
  }

  return async function login(request: AdminLoginRequest, ip: string): Promise<AdminSession> {
    const { operator, giveBack, keys } = await checkPassword(request, ip);
    // Told only to whoever knows the password: a guesser learns nothing about the account.
    if (operator.disabledAt !== null) {
      await giveBack();
      throw new AppError('ADMIN_DISABLED');
    }
    await checkSecondFactor(operator, request.otp, giveBack);
    for (const key of keys) await limiter.reset(key);
    const token = await deps.db.transaction().execute(async (trx) => {
      const started = await createOperatorSessions(trx).start(operator.id, ip, now());
      // Successes only: failures are counted by the limits above, and a row per failure would
      // let anyone on the internet grow this append-only table without bound.
      await appendAudit(
        trx,
        { adminId: operator.id, email: operator.email, role: operator.role, ip },
        {
          action: 'operator.login',
          targetType: 'operator',
          targetId: operator.id,
          after: { otp_used: operator.otpSecret !== null },
        },
        now(),
      );
      return started;
    });
    return {
      token,
      admin: { id: operator.id, email: operator.email, role: operator.role },
      otp_setup_required: deps.setupRequired(operator),
      password_change_required: operator.passwordChangeRequired,
    };
  };
}
