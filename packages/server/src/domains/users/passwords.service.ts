import { AMEND_PASSWORD_TYPES, type ContactType } from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { assertPasswordRules } from '../../platform/security/password-rules.ts';
import { limitAccountProbes } from './account-probes.ts';
import type { CodesService, VerifiedCode } from './codes.service.ts';
import type { ContactResolver } from './contact-resolver.ts';
import { destinationKey, mobileKey } from './contacts.ts';
import { createPasswordConfirmation } from './password-confirmation.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UsersTables } from './tables.ts';
import type { UserRecord } from './user-record.ts';
import { createUsersRepository } from './users.repository.ts';

/** Password change and reset. Both revoke every session of the user. */
export function createPasswordsService(deps: {
  db: Kysely<UsersTables>;
  sessions: SessionsService;
  codes: CodesService;
  contacts: ContactResolver;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  now: () => number;
}) {
  const { db, sessions, codes, contacts, limiter, hasher } = deps;
  const confirmPassword = createPasswordConfirmation({ limiter, hasher });

  /**
   * Hashes the new password and stores it, using the code that authorized it (already
   * verified: hashing is the slow part and comes only after every cheap check passed).
   */
  async function replacePassword(
    user: UserRecord,
    newPassword: string,
    verified: VerifiedCode | null,
  ): Promise<void> {
    const hash = await hasher.hash(newPassword);
    await db.transaction().execute(async (trx) => {
      await verified?.claim(trx);
      await createUsersRepository(trx).setPasswordHash(user.id, hash);
      // Every session of the user stops working with the old password.
      await createSessionsRepository(trx).revokeAllOfUser(user.id, deps.now());
    });
    // Committed: every socket logged in as this user, on every node, forgets its session now.
    await sessions.announceRevokedAll(user.id);
  }

  return {
    /** A logged-in real user changes their password, proven by the current one or a code. */
    async amend(
      user: UserRecord,
      request: {
        new_password: string;
        re_password?: string | undefined;
        auth_code: string;
        type: 1 | 2;
      },
    ): Promise<void> {
      assertPasswordRules(request.new_password, request.re_password);
      if (request.type === AMEND_PASSWORD_TYPES.currentPassword) {
        await confirmPassword(user, request.auth_code);
        await replacePassword(user, request.new_password, null);
        return;
      }
      const destination = user.email
        ? destinationKey('email', user.email)
        : destinationKey('sms', mobileKey(user.areaId, user.mobile ?? ''));
      const verified = await codes.verify({
        destination,
        purpose: 'reset',
        code: request.auth_code,
      });
      await replacePassword(user, request.new_password, verified);
    },

    /**
     * Anyone with the code sent to an account's e-mail or mobile sets a new password. An
     * account that does not exist answers as a wrong code does (no code was ever sent to it),
     * so the answer tells nothing about who is registered.
     */
    async reset(
      request: {
        type: ContactType;
        account: string;
        area_id?: number | undefined;
        new_password: string;
        secondary_password: string;
        auth_code: string;
      },
      ip: string,
    ): Promise<void> {
      assertPasswordRules(request.new_password, request.secondary_password);
      const contact = await contacts.resolve(request.type, request.account, request.area_id);
      await limitAccountProbes(limiter, ip);
      const verified = await codes.verify({
        destination: contact.destination,
        purpose: 'reset',
        code: request.auth_code,
      });
      const user = await contacts.owner(contact);
      if (!user) throw new AppError('CODE_INVALID');
      await replacePassword(user, request.new_password, verified);
    },
  };
}

export type PasswordsService = ReturnType<typeof createPasswordsService>;
