import { type RegisterRequest, VERIFY_REG_TYPE } from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { assertPasswordRules } from '../../platform/security/password-rules.ts';
import type { SettingsService } from '../settings/index.ts';
import { limitAccountProbes } from './account-probes.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { CodesService, VerifiedCode } from './codes.service.ts';
import type { ContactResolver, ResolvedContact } from './contact-resolver.ts';
import { insertWithFreshIdentity } from './fresh-identity.ts';
import type { UsersTables } from './tables.ts';
import { createUsersRepository, type UsersRepository } from './users.repository.ts';

/** Registration by e-mail or mobile (SPEC.md §1), proven by a code or a captcha. */
export function createRegistration(deps: {
  db: Kysely<UsersTables>;
  users: UsersRepository;
  codes: CodesService;
  captcha: CaptchaService;
  contacts: ContactResolver;
  settings: SettingsService;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { users, codes, captcha, contacts, settings } = deps;

  async function inviterOf(inviteCode: string | undefined): Promise<number | null> {
    if (!inviteCode) return null;
    const inviter = await users.findByInviteCode(inviteCode.toUpperCase());
    if (!inviter) throw new AppError('INVITE_CODE_INVALID');
    return inviter.id;
  }

  /** The code or captcha the request carries, checked (not yet used). */
  async function verifyProof(request: RegisterRequest, contact: ResolvedContact) {
    return (await settings.verifyRegType()) === VERIFY_REG_TYPE.captcha
      ? await captcha.verify(request.key, request.sms_code)
      : await codes.verify({
          destination: contact.destination,
          purpose: 'register',
          code: request.sms_code,
        });
  }

  /** The account and the use of its proof, in one transaction. */
  async function create(
    contact: ResolvedContact,
    passwordHash: string,
    inviterId: number | null,
    verified: VerifiedCode,
  ): Promise<void> {
    try {
      await deps.db.transaction().execute(async (trx) => {
        await verified.claim(trx);
        const user = {
          email: contact.email,
          mobile: contact.mobile,
          area_id: contact.area?.id ?? null,
          mobile_key: contact.mobileKey,
          password_hash: passwordHash,
          is_demo: 0,
          demo_id: null,
          credit_score: 100,
          inviter_id: inviterId,
        };
        await insertWithFreshIdentity(createUsersRepository(trx), user, deps.now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_TAKEN');
      throw error;
    }
  }

  return async function register(request: RegisterRequest, ip: string): Promise<void> {
    assertPasswordRules(request.password, request.re_password);
    const account =
      request.type === 'mobile' ? (request.mobile ?? request.account) : request.account;
    const contact = await contacts.resolve(request.type, account, request.area_id);
    // "Already registered" tells that an account exists: asking is limited per address.
    await limitAccountProbes(deps.limiter, ip);
    const inviterId = await inviterOf(request.invite_code);
    if (await contacts.owner(contact)) throw new AppError('ACCOUNT_TAKEN');
    // The code (or captcha) is checked before the password is hashed: a wrong code must
    // cost the server nothing. It is used only in the transaction that creates the account.
    const verified = await verifyProof(request, contact);
    // Hashed before the transaction: it is the slow part and must not hold the write lock.
    const passwordHash = await deps.hasher.hash(request.password);
    await create(contact, passwordHash, inviterId, verified);
  };
}
