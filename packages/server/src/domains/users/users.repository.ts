import type { Insertable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { UsersTable, UsersTables } from './tables.ts';
import { toUser, type UserRecord } from './user-record.ts';
import { createUserSearch } from './user-search.ts';

export { toUser, type UserRecord } from './user-record.ts';

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;

/**
 * Users, on the executor it is built on: the module's root database for reads outside a
 * transaction, or the transaction of a change (a registration, an operator's decision).
 */
export function createUsersRepository(executor: Executor<UsersTables>) {
  const select = () => executor.selectFrom('users').selectAll();

  async function one(query: ReturnType<typeof select>): Promise<UserRecord | undefined> {
    const row = await query.executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  /** Many users by id, in one query (a page of a queue names its traders). */
  async function findByIds(ids: readonly number[]): Promise<Map<number, UserRecord>> {
    const rows = ids.length
      ? await select()
          .where('id', 'in', [...new Set(ids)])
          .execute()
      : [];
    return new Map(rows.map((row) => [toInt(row.id), toUser(row)]));
  }

  return {
    ...createUserSearch(executor),
    findById: (id: number) => one(select().where('id', '=', id)),
    findByIds,
    /** The public user numbers of some users, by id (the audit log names traders by them). */
    async uidsOf(ids: readonly number[]): Promise<Map<number, string>> {
      return new Map([...(await findByIds(ids))].map(([id, user]) => [id, user.uid]));
    },
    findByEmail: (email: string) => one(select().where('email', '=', email)),
    findByMobileKey: (key: string) => one(select().where('mobile_key', '=', key)),
    findByDemoId: (demoId: string) => one(select().where('demo_id', '=', demoId)),
    findByInviteCode: (code: string) => one(select().where('invite_code', '=', code)),
    async findByMobile(national: string): Promise<UserRecord[]> {
      const rows = await select().where('mobile', '=', national).limit(5).execute();
      return rows.map(toUser);
    },
    async insert(user: NewUser): Promise<UserRecord> {
      const { id } = await executor
        .insertInto('users')
        .values(user)
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = await one(select().where('id', '=', id));
      if (!created) throw new Error('inserted user vanished');
      return created;
    },
    /** Disables (a time) or enables (null) an account; false when it already was so. */
    async setDisabled(userId: number, at: number | null): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set({ disabled_at: at })
        .where('id', '=', userId)
        .where('disabled_at', at === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async setCreditScore(userId: number, score: number): Promise<void> {
      await executor
        .updateTable('users')
        .set({ credit_score: score })
        .where('id', '=', userId)
        .execute();
    },
    async setPasswordHash(userId: number, hash: string): Promise<void> {
      await executor
        .updateTable('users')
        .set({ password_hash: hash })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
