import type { Insertable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { toInt, type UsersTable } from '../../platform/db/schema.ts';

/** A user as the services see it: plain numbers, no storage types. */
export interface UserRecord {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  areaId: number | null;
  passwordHash: string | null;
  isDemo: boolean;
  demoId: string | null;
  creditScore: number;
  inviteCode: string;
  inviterId: number | null;
  createdAt: number;
  /** When an operator disabled the account; null while it may log in. */
  disabledAt: number | null;
  /** A copy account's follower (issue 29): such an account never signs in nor leads. */
  ownerId: number | null;
}

type Row = {
  id: number | bigint;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_id: number | bigint | null;
  password_hash: string | null;
  is_demo: number | bigint;
  demo_id: string | null;
  credit_score: number | bigint;
  invite_code: string;
  inviter_id: number | bigint | null;
  created_at: number | bigint;
  disabled_at: number | bigint | null;
  owner_id: number | bigint | null;
};

export function toUser(row: Row): UserRecord {
  return {
    id: toInt(row.id),
    uid: row.uid,
    email: row.email,
    mobile: row.mobile,
    areaId: row.area_id === null ? null : toInt(row.area_id),
    passwordHash: row.password_hash,
    isDemo: toInt(row.is_demo) === 1,
    demoId: row.demo_id,
    creditScore: toInt(row.credit_score),
    inviteCode: row.invite_code,
    inviterId: row.inviter_id === null ? null : toInt(row.inviter_id),
    createdAt: toInt(row.created_at),
    disabledAt: row.disabled_at === null ? null : toInt(row.disabled_at),
    ownerId: row.owner_id === null ? null : toInt(row.owner_id),
  };
}

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;

export function createUsersRepository(db: Executor) {
  const select = (executor: Executor) => executor.selectFrom('users').selectAll();

  async function one(query: ReturnType<typeof select>): Promise<UserRecord | undefined> {
    const row = await query.executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  return {
    findById: (id: number, executor: Executor = db) => one(select(executor).where('id', '=', id)),
    /** Many users by id, in one query (a page of a queue names its traders). */
    async findByIds(
      ids: readonly number[],
      executor: Executor = db,
    ): Promise<Map<number, UserRecord>> {
      const rows = ids.length
        ? await select(executor)
            .where('id', 'in', [...new Set(ids)])
            .execute()
        : [];
      return new Map(rows.map((row) => [toInt(row.id), toUser(row)]));
    },
    findByEmail: (email: string, executor: Executor = db) =>
      one(select(executor).where('email', '=', email)),
    findByMobileKey: (key: string, executor: Executor = db) =>
      one(select(executor).where('mobile_key', '=', key)),
    findByDemoId: (demoId: string, executor: Executor = db) =>
      one(select(executor).where('demo_id', '=', demoId)),
    findByInviteCode: (code: string, executor: Executor = db) =>
      one(select(executor).where('invite_code', '=', code)),
    async findByMobile(national: string, executor: Executor = db): Promise<UserRecord[]> {
      const rows = await select(executor).where('mobile', '=', national).limit(5).execute();
      return rows.map(toUser);
    },
    async insert(user: NewUser, executor: Executor): Promise<UserRecord> {
      const { id } = await executor
        .insertInto('users')
        .values(user)
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = await one(select(executor).where('id', '=', id));
      if (!created) throw new Error('inserted user vanished');
      return created;
    },
    /** Disables (a time) or enables (null) an account; false when it already was so. */
    async setDisabled(userId: number, at: number | null, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('users')
        .set({ disabled_at: at })
        .where('id', '=', userId)
        .where('disabled_at', at === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async setCreditScore(userId: number, score: number, executor: Executor): Promise<void> {
      await executor
        .updateTable('users')
        .set({ credit_score: score })
        .where('id', '=', userId)
        .execute();
    },
    async setPasswordHash(userId: number, hash: string, executor: Executor): Promise<void> {
      await executor
        .updateTable('users')
        .set({ password_hash: hash })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
