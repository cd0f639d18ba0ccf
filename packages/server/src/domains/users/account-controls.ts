import type { Executor } from '../../platform/db/executor.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import type { UsersTables } from './tables.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * What an operator changes of a trader's account that is not money (disable, enable, credit
 * score), on the operator's transaction (`scope.repository(createAccountControls)`): the change
 * commits with its audit row. A disabled account's sessions end with it; the caller announces
 * that (SessionsService.announceRevokedAll) once it has committed.
 */
export function createAccountControls(executor: Executor<UsersTables>) {
  const users = createUsersRepository(executor);
  return {
    find: users.findById,
    /** Refuses the account's logins and ends its sessions; false when it was disabled already. */
    async disable(userId: number, at: number): Promise<boolean> {
      const changed = await users.setDisabled(userId, at);
      await createSessionsRepository(executor).revokeAllOfUser(userId, at);
      return changed;
    },
    /** False when it was not disabled. */
    enable: (userId: number) => users.setDisabled(userId, null),
    setCreditScore: users.setCreditScore,
  };
}

export type AccountControls = ReturnType<typeof createAccountControls>;
