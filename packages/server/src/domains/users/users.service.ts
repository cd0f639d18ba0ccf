import {
  type LoginRequest,
  type RegisterRequest,
  type Session,
  VERIFY_REG_TYPE,
} from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { assertPasswordRules } from '../../platform/security/password-rules.ts';
import { createInviteCode, createUid } from '../../platform/security/tokens.ts';
import type { SettingsService } from '../settings/index.ts';
import { limitAccountProbes } from './account-probes.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { CodesService, VerifiedCode } from './codes.service.ts';
import type { ContactResolver } from './contact-resolver.ts';
import { toPublicUser } from './public-user.ts';
import type { SessionsService } from './sessions.service.ts';
import type { NewUser, UserRecord, UsersRepository } from './users.repository.ts';

/**
 * What a login names, spelled one way: an e-mail in lower case, a number as its digits. Used
 * to count failures against accounts that do not exist exactly as against those that do.
 */
function loginName(account: string): string {
  const typed = account.trim().toLowerCase();
  return typed.includes('@') ? typed : typed.replace(/\D/g, '');
}

function retryAfter(ms: number): AppError {
  return new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(ms / 1000)) });
}

const MAX_IDENTITY_ATTEMPTS = 5;

/** Registration, login and demo accounts. */
export function createUsersService(deps: {
  db: Kysely<Database>;
  users: UsersRepository;
  sessions: SessionsService;
  codes: CodesService;
  captcha: CaptchaService;
  contacts: ContactResolver;
  settings: SettingsService;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { db, users, sessions, codes, captcha, contacts, settings, limiter, hasher, now } = deps;

  /**
   * Inserts a user with a fresh uid and invite code; a clash on those (one in tens of
   * millions) retries, a clash on the e-mail/mobile/demo id is the caller's to handle.
   */
  async function insertWithFreshIdentity(
    user: Omit<NewUser, 'uid' | 'invite_code' | 'created_at'>,
    executor: Parameters<UsersRepository['insert']>[1],
  ): Promise<UserRecord> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await users.insert(
          { ...user, uid: createUid(), invite_code: createInviteCode(), created_at: now() },
          executor,
        );
      } catch (error) {
        const message = String((error as Error).message);
        const identityClash = /uid|invite_code/.test(message);
        if (!isUniqueViolation(error) || !identityClash || attempt >= MAX_IDENTITY_ATTEMPTS)
          throw error;
      }
    }
  }

  /**
   * After repeated failures on an account, a login must carry a captcha answer; the captcha
   * is used up by the attempt, right or wrong, so one solved picture buys one guess.
   */
  async function passCaptcha(request: LoginRequest): Promise<void> {
    if (!request.captcha_key || !request.captcha_code) throw new AppError('CAPTCHA_REQUIRED');
    const verified = await captcha.verify(request.captcha_key, request.captcha_code);
    await verified.claim(db);
  }

  return {
    async register(request: RegisterRequest, ip: string): Promise<void> {
      assertPasswordRules(request.password, request.re_password);
      const account =
        request.type === 'mobile' ? (request.mobile ?? request.account) : request.account;
      const contact = await contacts.resolve(request.type, account, request.area_id);
      // "Already registered" tells that an account exists: asking is limited per address.
      await limitAccountProbes(limiter, ip);
      let inviterId: number | null = null;
      if (request.invite_code) {
        const inviter = await users.findByInviteCode(request.invite_code.toUpperCase());
        if (!inviter) throw new AppError('INVITE_CODE_INVALID');
        inviterId = inviter.id;
      }
      if (await contacts.owner(contact)) throw new AppError('ACCOUNT_TAKEN');
      // The code (or captcha) is checked before the password is hashed: a wrong code must
      // cost the server nothing. It is used only in the transaction that creates the account.
      const verified: VerifiedCode =
        (await settings.verifyRegType()) === VERIFY_REG_TYPE.captcha
          ? await captcha.verify(request.key, request.sms_code)
          : await codes.verify({
              destination: contact.destination,
              purpose: 'register',
              code: request.sms_code,
            });
      // Hashed before the transaction: it is the slow part and must not hold the write lock.
      const passwordHash = await hasher.hash(request.password);
      try {
        await db.transaction().execute(async (trx) => {
          await verified.claim(trx);
          await insertWithFreshIdentity(
            {
              email: contact.email,
              mobile: contact.mobile,
              area_id: contact.area?.id ?? null,
              mobile_key: contact.mobileKey,
              password_hash: passwordHash,
              is_demo: 0,
              demo_id: null,
              credit_score: 100,
              inviter_id: inviterId,
            },
            trx,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ACCOUNT_TAKEN');
        throw error;
      }
    },

    /**
     * Limits, all counted before the password is hashed and keyed on the account the login
     * names (however it is spelled): every attempt counts against the address; failures count
     * against the account from anywhere (3, then every login to it also needs a captcha, so
     * the owner is never locked out) and from that address (10, then it is locked out of it). An attempt takes its places before the slow check so
     * that racing attempts cannot all pass; only a failure keeps them.
     */
    async login(request: LoginRequest, ip: string): Promise<Session> {
      const ipKey = `login-ip:${ip}`;
      const byIp = await limiter.consume(ipKey, RATE_LIMITS.loginAttemptsPerIp);
      if (!byIp.allowed) throw retryAfter(byIp.retryAfterMs);
      const user = await contacts.findForLogin(request.account, request.area_id);
      const subject = user ? `user:${user.id}` : `name:${loginName(request.account)}`;
      const fromHereKey = `login-fail:${subject}@${ip}`;
      const fromHere = await limiter.consume(fromHereKey, RATE_LIMITS.loginFailuresPerAccountAndIp);
      if (!fromHere.allowed) {
        await limiter.refund(ipKey);
        throw retryAfter(fromHere.retryAfterMs);
      }
      const anywhereKey = `login-fail:${subject}`;
      const placesTaken = [fromHereKey];
      let ok = false;
      try {
        const anywhere = await limiter.consume(anywhereKey, RATE_LIMITS.loginFailuresBeforeCaptcha);
        if (anywhere.allowed) placesTaken.push(anywhereKey);
        else await passCaptcha(request);
        ok = await hasher.verify(request.password, user?.passwordHash);
      } catch (error) {
        // Refused before the password was judged (captcha, busy): not a failed guess.
        for (const key of placesTaken) await limiter.refund(key);
        throw error;
      }
      if (!ok || !user) throw new AppError('LOGIN_FAILED');
      await limiter.reset(fromHereKey);
      await limiter.reset(anywhereKey);
      // Told only to whoever knows the password, so it says nothing to a guesser.
      if (user.disabledAt !== null) throw new AppError('ACCOUNT_DISABLED');
      return { token: await sessions.start(user.id, ip), user: toPublicUser(user) };
    },

    /** The demo account of a device: created on first use, the same one ever after. */
    async demo(demoId: string, ip: string): Promise<Session> {
      let user = await users.findByDemoId(demoId);
      if (!user) {
        // Claimed before the insert, so that devices racing from one address cannot all
        // pass; given back when this request creates nothing.
        const ipKey = `demo-ip:${ip}`;
        const verdict = await limiter.consume(ipKey, RATE_LIMITS.demoAccountsPerIp);
        if (!verdict.allowed) throw retryAfter(verdict.retryAfterMs);
        try {
          user = await insertWithFreshIdentity(
            {
              email: null,
              mobile: null,
              area_id: null,
              mobile_key: null,
              password_hash: null,
              is_demo: 1,
              demo_id: demoId,
              credit_score: 100,
              inviter_id: null,
            },
            db,
          );
        } catch (error) {
          await limiter.refund(ipKey);
          // The same device asked twice at once: the other request created it.
          user = isUniqueViolation(error) ? await users.findByDemoId(demoId) : undefined;
          if (!user) throw error;
        }
      }
      if (user.disabledAt !== null) throw new AppError('ACCOUNT_DISABLED');
      return { token: await sessions.start(user.id, ip), user: toPublicUser(user) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
