import type { LoginRequest, Session } from '@tradedesk/contract';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { rateLimited } from './account-probes.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { ContactResolver } from './contact-resolver.ts';
import { toPublicUser } from './public-user.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UserRecord } from './user-record.ts';

/**
 * What a login names, spelled one way: an e-mail in lower case, a number as its digits. Used
 * to count failures against accounts that do not exist exactly as against those that do.
 */
function loginName(account: string): string {
  const typed = account.trim().toLowerCase();
  return typed.includes('@') ? typed : typed.replace(/\D/g, '');
}

/**
 * Login by e-mail or mobile. Limits, all counted before the password is hashed and keyed on
 * the account the login names (however it is spelled): every attempt counts against the
 * address; failures count against the account from anywhere (3, then every login to it also
 * needs a captcha, so the owner is never locked out) and from that address (10, then it is
 * locked out of it). An attempt takes its places before the slow check so that racing
 * attempts cannot all pass; only a failure keeps them.
 */
export function createLogin(deps: {
  sessions: SessionsService;
  captcha: CaptchaService;
  contacts: ContactResolver;
  limiter: RateLimiter;
  hasher: PasswordHasher;
}) {
  const { limiter } = deps;

  /**
   * After repeated failures on an account, a login must carry a captcha answer; the captcha
   * is used up by the attempt, right or wrong, so one solved picture buys one guess.
   */
  async function passCaptcha(request: LoginRequest): Promise<void> {
    if (!request.captcha_key || !request.captcha_code) throw new AppError('CAPTCHA_REQUIRED');
    await deps.captcha.consume(request.captcha_key, request.captcha_code);
  }

  /** Whether the password is the account's; the places it took are kept only on a failure. */
  async function checkPassword(
    request: LoginRequest,
    user: UserRecord | undefined,
    keys: { ipKey: string; fromHereKey: string; anywhereKey: string },
  ): Promise<boolean> {
    const fromHere = await limiter.consume(
      keys.fromHereKey,
      RATE_LIMITS.loginFailuresPerAccountAndIp,
    );
    if (!fromHere.allowed) {
      await limiter.refund(keys.ipKey);
      throw rateLimited(fromHere.retryAfterMs);
    }
    const placesTaken = [keys.fromHereKey];
    try {
      const anywhere = await limiter.consume(
        keys.anywhereKey,
        RATE_LIMITS.loginFailuresBeforeCaptcha,
      );
      if (anywhere.allowed) placesTaken.push(keys.anywhereKey);
      else await passCaptcha(request);
      return await deps.hasher.verify(request.password, user?.passwordHash);
    } catch (error) {
      // Refused before the password was judged (captcha, busy): not a failed guess.
      for (const key of placesTaken) await limiter.refund(key);
      throw error;
    }
  }

  return async function login(request: LoginRequest, ip: string): Promise<Session> {
    const ipKey = `login-ip:${ip}`;
    const byIp = await limiter.consume(ipKey, RATE_LIMITS.loginAttemptsPerIp);
    if (!byIp.allowed) throw rateLimited(byIp.retryAfterMs);
    const user = await deps.contacts.findForLogin(request.account, request.area_id);
    const subject = user ? `user:${user.id}` : `name:${loginName(request.account)}`;
    const keys = {
      ipKey,
      fromHereKey: `login-fail:${subject}@${ip}`,
      anywhereKey: `login-fail:${subject}`,
    };
    const ok = await checkPassword(request, user, keys);
    if (!ok || !user) throw new AppError('LOGIN_FAILED');
    await limiter.reset(keys.fromHereKey);
    await limiter.reset(keys.anywhereKey);
    // Told only to whoever knows the password, so it says nothing to a guesser.
    if (user.disabledAt !== null) throw new AppError('ACCOUNT_DISABLED');
    return { token: await deps.sessions.start(user.id, ip), user: toPublicUser(user) };
  };
}
