import { isUniqueViolation } from '../../platform/db/executor.ts';
import { createInviteCode, createUid } from '../../platform/security/tokens.ts';
import type { UserRecord } from './user-record.ts';
import type { NewUser, UsersRepository } from './users.repository.ts';

const MAX_IDENTITY_ATTEMPTS = 5;

/**
 * Inserts a user with a fresh uid and invite code; a clash on those (one in tens of
 * millions) retries, a clash on the e-mail/mobile/demo id is the caller's to handle.
 */
export async function insertWithFreshIdentity(
  users: UsersRepository,
  user: Omit<NewUser, 'uid' | 'invite_code' | 'created_at'>,
  now: () => number,
): Promise<UserRecord> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await users.insert({
        ...user,
        uid: createUid(),
        invite_code: createInviteCode(),
        created_at: now(),
      });
    } catch (error) {
      const message = String((error as Error).message);
      const identityClash = /uid|invite_code/.test(message);
      if (!isUniqueViolation(error) || !identityClash || attempt >= MAX_IDENTITY_ATTEMPTS)
        throw error;
    }
  }
}
