import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { maskContact } from './mask-contact.ts';
import type { UsersTables } from './tables.ts';
import { createUsersRepository } from './users.repository.ts';

/** Ids per statement: well inside every driver's limit on bound parameters. */
const CHUNK = 200;

/**
 * What other domains read and add of users (issue 38), on the executor they are given: a
 * command's or a transaction's repository (ctx.repository, scope.repository), or a root
 * database for reads outside one. They never query `users` themselves.
 */
export function createUserDirectory(executor: Executor<UsersTables>) {
  const users = createUsersRepository(executor);
  const ids = (rows: { id: number | bigint }[]) => rows.map((row) => toInt(row.id));

  return {
    find: users.findById,
    /** A new user row (a copy account, a sample trader), read back as stored. */
    insert: users.insert,
    /**
     * People trading with real money who may be ranked and followed: not demo users, not copy
     * accounts (their trades are their leader's, mirrored), not disabled.
     */
    async realTraderIds(): Promise<number[]> {
      const rows = await executor
        .selectFrom('users')
        .select('id')
        .where('is_demo', '=', 0)
        .where('owner_id', 'is', null)
        .where('disabled_at', 'is', null)
        .execute();
      return ids(rows);
    },
    /** The users' contacts as strangers may see them (masked), by id. */
    async contactsOf(userIds: readonly number[]): Promise<Map<number, string>> {
      const contacts = new Map<number, string>();
      for (let i = 0; i < userIds.length; i += CHUNK) {
        const rows = await executor
          .selectFrom('users')
          .select(['id', 'email', 'mobile'])
          .where('id', 'in', userIds.slice(i, i + CHUNK))
          .execute();
        for (const row of rows) contacts.set(toInt(row.id), maskContact(row));
      }
      return contacts;
    },
    /**
     * Accounts worth a daily equity series: real traders' and copy accounts (a demo copy's
     * equity is its follower's to watch). Plain demo users are left out: visitors make them by
     * the thousand, and nobody ranks or copies them.
     */
    async seriesAccountIds(): Promise<number[]> {
      const rows = await executor
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('is_demo', '=', 0), eb('owner_id', 'is not', null)]))
        .execute();
      return ids(rows);
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
