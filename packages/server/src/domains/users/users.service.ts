import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  type RegisterRequest,
  type Session,
  VERIFY_REG_TYPE,
} from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/executor.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../rate-limit/rules.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { CodesService } from './codes.service.ts';
import type { ContactResolver } from './contact-resolver.ts';
import { createDecoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { toPublicUser } from './public-user.ts';
import type { SessionsService } from './sessions.service.ts';
import { createInviteCode, createUid } from './tokens.ts';
import type { NewUser, UserRecord, UsersRepository } from './users.repository.ts';

export function assertPasswordRules(password: string, repeated: string | undefined): void {
  if (repeated !== undefined && password !== repeated) throw new AppError('PASSWORD_MISMATCH');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new AppError('PASSWORD_WEAK');
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
  passwordHashCost: number;
  now: () => number;
}) {
  const { db, users, sessions, codes, captcha, contacts, settings, limiter, now } = deps;
  let decoyHash: Promise<string> | undefined;

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

  /** The user whose password this is, or undefined. */
  async function authenticate(request: {
    account: string;
    password: string;
    area_id?: number | undefined;
  }): Promise<UserRecord | undefined> {
    const user = await contacts.findForLogin(request.account, request.area_id);
    // Unknown accounts cost the same time as wrong passwords, so timing tells nothing.
    decoyHash ??= createDecoyHash(deps.passwordHashCost);
    const ok = await verifyPassword(request.password, user?.passwordHash ?? (await decoyHash));
    return user?.passwordHash && ok ? user : undefined;
  }

  return {
    async register(request: RegisterRequest): Promise<void> {
      assertPasswordRules(request.password, request.re_password);
      const account =
        request.type === 'mobile' ? (request.mobile ?? request.account) : request.account;
      const contact = await contacts.resolve(request.type, account, request.area_id);
      let inviterId: number | null = null;
      if (request.invite_code) {
        const inviter = await users.findByInviteCode(request.invite_code.toUpperCase());
        if (!inviter) throw new AppError('INVITE_CODE_INVALID');
        inviterId = inviter.id;
      }
      if (await contacts.owner(contact)) throw new AppError('ACCOUNT_TAKEN');
      const verifyType = await settings.verifyRegType();
      // Hash before the transaction: it is the slow part and must not hold the write lock.
      const passwordHash = await hashPassword(request.password, deps.passwordHashCost);
      try {
        await db.transaction().execute(async (trx) => {
          if (verifyType === VERIFY_REG_TYPE.captcha)
            await captcha.consume(request.key, request.sms_code, trx);
          else
            await codes.consume(
              { destination: contact.destination, purpose: 'register', code: request.sms_code },
              trx,
            );
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

    async login(
      request: { account: string; password: string; area_id?: number | undefined },
      ip: string,
    ): Promise<Session> {
      const ipKey = `login-ip:${ip}`;
      const accountKey = `login-account:${request.account.trim().toLowerCase()}`;
      // Every attempt counts against the IP address. Against the account the attempt takes
      // its place among the failures before the slow check, so that attempts racing each
      // other cannot all pass the lock; only a failure keeps the place. A refused login
      // counts nothing.
      const byIp = await limiter.consume(ipKey, RATE_LIMITS.loginAttemptsPerIp);
      if (!byIp.allowed) throw retryAfter(byIp.retryAfterMs);
      const byAccount = await limiter.consume(accountKey, RATE_LIMITS.loginFailuresPerAccount);
      if (!byAccount.allowed) {
        await limiter.refund(ipKey);
        throw retryAfter(byAccount.retryAfterMs);
      }

      let user: UserRecord | undefined;
      try {
        user = await authenticate(request);
      } catch (error) {
        await limiter.refund(accountKey);
        throw error;
      }
      if (!user) throw new AppError('LOGIN_FAILED');
      await limiter.reset(accountKey);
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
      return { token: await sessions.start(user.id, ip), user: toPublicUser(user) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
