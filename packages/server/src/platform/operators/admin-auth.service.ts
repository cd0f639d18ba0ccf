import {
  type Admin,
  type AdminAccess,
  type AdminLoginRequest,
  type AdminMe,
  type AdminSession,
  type OtpSetup,
  roleMay,
} from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Executor } from '../db/executor.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../rate-limit/rules.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { assertPasswordRules } from '../security/password-rules.ts';
import { appendAudit } from './audit-log.ts';
import type { OperatorSessions } from './operator-sessions.ts';
import {
  normalizeOperatorEmail,
  type OperatorRecord,
  type OperatorsRepository,
} from './operators.repository.ts';

/** Codes of the step before and after the current one pass too: phone clocks drift. */
const OTP_TOLERANCE_SECONDS = 30;
/** RFC 6238's default period, which every authenticator app uses. */
const OTP_PERIOD_SECONDS = 30;
const OTP_ISSUER = 'TradeDesk back office';

function retryAfter(ms: number): AppError {
  return new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(ms / 1000)) });
}

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
  };
}

/**
 * Operator login, sessions and two-factor (TOTP, RFC 6238, through otplib). Limits mirror the
 * traders', all counted before the password hash so that guessing costs the server nothing
 * more: attempts per address; failures per operator from one address (then that address is
 * locked out of it); failures per operator from anywhere (then every login to it needs a
 * captcha answer too, never a lock: whoever knows the password still gets in from anywhere).
 */
/**
 * A captcha answer checked, then used up in the caller's transaction: the users domain's
 * captchas (GET /api/captcha) are what is passed in; this module knows only the shape.
 */
export interface CaptchaCheck {
  verify(key: string, answer: string): Promise<{ claim(executor: Executor): Promise<void> }>;
}

export function createAdminAuth(deps: {
  db: Kysely<Database>;
  operators: OperatorsRepository;
  sessions: OperatorSessions;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  /** The traders' captchas (GET /api/captcha): the step-up after repeated failures. */
  captcha: CaptchaCheck;
  now: () => number;
  requireTwoFactor: boolean;
}) {
  const { operators, sessions, hasher, limiter, captcha, now } = deps;

  /** The accepted time step of `otp` on `secret`, or undefined. */
  async function otpStep(secret: string, otp: string): Promise<number | undefined> {
    const epoch = Math.floor(now() / 1000);
    const result = await verify({
      secret,
      token: otp,
      epoch,
      epochTolerance: OTP_TOLERANCE_SECONDS,
    });
    return result.valid ? Math.floor(epoch / OTP_PERIOD_SECONDS) + result.delta : undefined;
  }

  /**
   * After repeated failures on the operator, a login must carry a captcha answer; the captcha
   * is used up by the attempt, right or wrong, so one solved picture buys one guess.
   */
  async function passCaptcha(request: AdminLoginRequest): Promise<void> {
    if (!request.captcha_key || !request.captcha_code) throw new AppError('CAPTCHA_REQUIRED');
    const verified = await captcha.verify(request.captcha_key, request.captcha_code);
    await verified.claim(deps.db);
  }

  async function login(request: AdminLoginRequest, ip: string): Promise<AdminSession> {
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
    // Told only to whoever knows the password: a guesser learns nothing about the account.
    if (operator.disabledAt !== null) {
      await giveBack();
      throw new AppError('ADMIN_DISABLED');
    }
    if (operator.otpSecret !== null) {
      if (!request.otp) {
        await giveBack();
        throw new AppError('ADMIN_OTP_REQUIRED');
      }
      const step = await otpStep(operator.otpSecret, request.otp);
      // A wrong or replayed code counts as a failure, like a wrong password.
      if (step === undefined || !(await operators.claimOtpStep(operator.id, step, deps.db)))
        throw new AppError('ADMIN_OTP_INVALID');
    }
    await limiter.reset(fromHereKey);
    await limiter.reset(anywhereKey);
    const token = await deps.db.transaction().execute(async (trx) => {
      const started = await sessions.start(operator.id, ip, trx);
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
      otp_setup_required: toAdminMe(operator, deps.requireTwoFactor).otp_setup_required,
    };
  }

  /**
   * Checks the operator's current password before a step a session alone must not take (a
   * password change, two-factor enrolment). Wrong ones are limited per operator, those steps
   * together, so that a stolen session cannot guess the password it lacks.
   */
  async function confirmPassword(operator: OperatorRecord, password: string): Promise<void> {
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
  }

  /** The enabled operator behind a live token, or null (a trader's token is never one). */
  async function authenticate(token: string | null): Promise<OperatorRecord | null> {
    const id = await sessions.resolve(token);
    if (id === null) return null;
    const operator = await operators.findById(id);
    return operator && operator.disabledAt === null ? operator : null;
  }

  return {
    login,
    /**
     * The operator behind `token` if they may act with `access`: a live session (999), a role
     * that allows it (4001) and, when ADMIN_REQUIRE_2FA is on, enrolled two-factor (4009)
     * unless the act is part of enrolling. Every operator call and every read of a trader's
     * upload passes here.
     */
    async authorize(
      token: string | null,
      access: AdminAccess,
      options: { duringEnrolment?: boolean } = {},
    ): Promise<OperatorRecord> {
      const operator = await authenticate(token);
      if (!operator) throw new AppError('INVALID_SESSION');
      if (!roleMay(operator.role, access)) throw new AppError('ADMIN_FORBIDDEN');
      if (!options.duringEnrolment && toAdminMe(operator, deps.requireTwoFactor).otp_setup_required)
        throw new AppError('ADMIN_2FA_SETUP_REQUIRED');
      return operator;
    },
    /** The operator as `me` shows them. */
    me: (operator: OperatorRecord) => toAdminMe(operator, deps.requireTwoFactor),
    logout: (token: string) => sessions.revoke(token, deps.db),
    /**
     * A new secret to enrol, replacing any unfinished one; enrolled two-factor stays until
     * proven. Only with the current password: the pending secret, the one enabling can turn
     * on, exists only after a setup that checked it.
     */
    async otpSetup(operator: OperatorRecord, password: string): Promise<OtpSetup> {
      await confirmPassword(operator, password);
      const secret = generateSecret();
      await operators.setPendingSecret(operator.id, secret, deps.db);
      const otpauthUrl = generateURI({ issuer: OTP_ISSUER, label: operator.email, secret });
      return {
        secret,
        otpauth_url: otpauthUrl,
        qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }),
      };
    },
    /**
     * Turns two-factor on once a code from the enrolled app proves it has the secret, and ends
     * the operator's other sessions: opened with the password alone, they must not outlive it.
     */
    async otpEnable(
      operator: OperatorRecord,
      otp: string,
      keptToken: string,
      executor: Executor,
    ): Promise<void> {
      const pending = operator.otpPendingSecret;
      const step = pending ? await otpStep(pending, otp) : undefined;
      if (!pending || step === undefined) throw new AppError('ADMIN_OTP_INVALID');
      if (!(await operators.enableOtp(operator.id, pending, executor)))
        throw new AppError('ADMIN_OTP_INVALID');
      await operators.claimOtpStep(operator.id, step, executor);
      await sessions.revokeOthers(operator.id, keptToken, executor);
    },
    /**
     * Turns the operator's own two-factor off with a current code (a session alone must not
     * drop the second factor), and ends their other sessions. Wrong codes are limited: a
     * stolen session must not be able to try all million of them.
     */
    async otpDisable(
      operator: OperatorRecord,
      otp: string,
      keptToken: string,
      executor: Executor,
    ): Promise<void> {
      const wrongKey = `admin-otp-wrong:${operator.id}`;
      const verdict = await limiter.consume(wrongKey, RATE_LIMITS.wrongCodesPerDestination);
      if (!verdict.allowed) throw retryAfter(verdict.retryAfterMs);
      const step = operator.otpSecret ? await otpStep(operator.otpSecret, otp) : undefined;
      // The code is used up, as at login: the same code cannot also open a session.
      if (step === undefined || !(await operators.claimOtpStep(operator.id, step, executor)))
        throw new AppError('ADMIN_OTP_INVALID');
      await limiter.refund(wrongKey);
      if (!(await operators.clearOtp(operator.id, executor)))
        throw new AppError('ADMIN_OTP_INVALID');
      await sessions.revokeOthers(operator.id, keptToken, executor);
    },
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
      assertPasswordRules(newPassword, undefined);
      await confirmPassword(operator, oldPassword);
      // After the current password is proven: before it, this would tell a stolen session
      // whether a guess is the password, past the limit on wrong ones.
      if (await hasher.verify(newPassword, operator.passwordHash))
        throw new AppError('ADMIN_PASSWORD_UNCHANGED');
      return hasher.hash(newPassword);
    },
    /**
     * Stores the new password and ends the operator's other sessions, in the caller's
     * transaction: one opened with the old password must not outlive it.
     */
    async setPassword(
      operator: OperatorRecord,
      passwordHash: string,
      keptToken: string,
      executor: Executor,
    ): Promise<void> {
      await operators.setPassword(operator.id, passwordHash, executor);
      await sessions.revokeOthers(operator.id, keptToken, executor);
    },
  };
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;
