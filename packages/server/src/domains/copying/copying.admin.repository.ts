import { PAGE_SIZE } from '@tradedesk/contract';
import { asMicros, type Micros } from '@tradedesk/engine';
import { sql } from 'kysely';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { toBigInt, toInt } from '../../platform/db/schema.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import type { CopyRecord } from './copies.repository.ts';

/** A started copy as the back office counts it (copies still opening are not counted). */
export interface CountedCopy {
  id: number;
  leaderId: number;
  accountId: number;
  status: Exclude<CopyRecord['status'], 'opening'>;
  invested: Micros;
  mirrored: number;
  skipped: number;
  /** Demo money (the follower is a demo user). */
  demo: boolean;
}

/** A trader as the back office names them next to copies. */
export interface PersonRow {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  isDemo: boolean;
}

/** A copy of a leader with its follower, for the leader's page of copies. */
export interface LeaderCopyRow extends CountedCopy {
  follower: PersonRow;
  returned: Micros;
  createdAt: number;
  stoppedAt: number | null;
  stopReason: CopyRecord['stopReason'];
}

const toPerson = (user: UserRecord): PersonRow => ({
  id: user.id,
  uid: user.uid,
  email: user.email,
  mobile: user.mobile,
  isDemo: user.isDemo,
});

/**
 * What the back office reads of copy trading (issue 29): its own tables with Kysely; people
 * through the users domain and cash through the accounts repository (their owners' code).
 */
export function createCopyingAdminRepository(
  db: Executor,
  owners: {
    users: Pick<UsersRepository, 'findByIds'>;
    accounts: Pick<AccountsRepository, 'findMany'>;
  },
) {
  /** People (never copy accounts) by id. */
  async function people(ids: readonly number[], executor: Executor = db) {
    const found = await owners.users.findByIds(ids, executor);
    const persons = new Map<number, PersonRow>();
    for (const [id, user] of found) if (user.ownerId === null) persons.set(id, toPerson(user));
    return persons;
  }

  return {
    people,
    /** Every started copy (running or stopped): the leaders list sums them. */
    async countedCopies(): Promise<CountedCopy[]> {
      const rows = await db
        .selectFrom('copies')
        .select(['id', 'leader_id', 'account_id', 'status', 'invested', 'mirrored', 'skipped'])
        .select('demo')
        .execute();
      return rows.map((row) => ({
        id: toInt(row.id),
        leaderId: toInt(row.leader_id),
        accountId: toInt(row.account_id),
        status: row.status as CountedCopy['status'],
        invested: asMicros(toBigInt(row.invested)),
        mirrored: toInt(row.mirrored),
        skipped: toInt(row.skipped),
        demo: toInt(row.demo) === 1,
      }));
    },

    /**
     * Signals of each leader written to the copy outbox and not yet worked off (those set
     * aside after their last attempt are listed apart: copy-signals.admin.ts).
     */
    async waitingSignals(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('copy_outbox')
        .select((eb) => ['leader_id', eb.fn.countAll<number | bigint>().as('n')])
        .where('set_aside_at', 'is', null)
        .groupBy('leader_id')
        .execute();
      return new Map(rows.map((row) => [toInt(row.leader_id), toInt(row.n)]));
    },

    /** Which of the traders are embedded strategy bots. */
    async sampleTraders(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('sample_traders')
        .select('user_id')
        .where('user_id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => toInt(row.user_id)));
    },

    /** A page of a leader's started copies, running first, then newest; and how many. */
    async copiesOf(leaderId: number, page: number) {
      const started = db.selectFrom('copies').where('leader_id', '=', leaderId);
      const [rows, count] = await Promise.all([
        started
          .selectAll()
          .orderBy(sql`case when status = 'stopped' then 1 else 0 end`)
          .orderBy('id', 'desc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        started.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const followers = await people(rows.map((row) => toInt(row.follower_id)));
      const data: LeaderCopyRow[] = rows.flatMap((row) => {
        const follower = followers.get(toInt(row.follower_id));
        if (!follower) return [];
        return [
          {
            id: toInt(row.id),
            leaderId: toInt(row.leader_id),
            accountId: toInt(row.account_id),
            status: row.status as CountedCopy['status'],
            invested: asMicros(toBigInt(row.invested)),
            returned: asMicros(toBigInt(row.returned)),
            mirrored: toInt(row.mirrored),
            skipped: toInt(row.skipped),
            createdAt: toInt(row.created_at),
            stoppedAt: row.stopped_at === null ? null : toInt(row.stopped_at),
            stopReason: row.stop_reason,
            demo: toInt(row.demo) === 1,
            follower,
          },
        ];
      });
      return { data, total: toInt(count.n) };
    },

    /** The stored cash of accounts (balance, margin held, reserves): equity without a market. */
    async cashOf(accountIds: readonly number[]): Promise<Map<number, Micros>> {
      const accounts = await owners.accounts.findMany(accountIds);
      return new Map(
        accounts.map((a) => [a.userId, asMicros(a.balance + a.marginHeld + a.lockBalance)]),
      );
    },
  };
}

export type CopyingAdminRepository = ReturnType<typeof createCopyingAdminRepository>;
