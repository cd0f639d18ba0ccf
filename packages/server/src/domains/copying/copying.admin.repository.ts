import { COPY_STATUS, PAGE_SIZE } from '@tradedesk/contract';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { type CopyRecord, toCopy } from './copies.repository.ts';
import type { CopyingTables } from './tables.ts';

/** A started copy as the back office counts it. */
export type CountedCopy = Pick<
  CopyRecord,
  'id' | 'leaderId' | 'accountId' | 'status' | 'invested' | 'mirrored' | 'skipped' | 'demo'
>;

/** A copy of a leader, for the leader's page of copies (the follower is named apart). */
export type LeaderCopy = CountedCopy &
  Pick<CopyRecord, 'followerId' | 'returned' | 'createdAt' | 'stoppedAt' | 'stopReason'>;

/** What the back office reads of copy trading's own tables (issue 29), on the executor given. */
export function createCopyingAdminRepository(executor: Executor<CopyingTables>) {
  return {
    /** Every started copy (running or stopped): the leaders list sums them. */
    async countedCopies(): Promise<CountedCopy[]> {
      const rows = await executor.selectFrom('copies').selectAll().execute();
      return rows.map(toCopy);
    },

    /**
     * Signals of each leader written to the copy outbox and not yet worked off (those set
     * aside after their last attempt are listed apart: copy-signals.admin.ts).
     */
    async waitingSignals(): Promise<Map<number, number>> {
      const rows = await executor
        .selectFrom('copy_outbox')
        .select((eb) => ['leader_id', eb.fn.countAll<number | bigint>().as('n')])
        .where('set_aside_at', 'is', null)
        .groupBy('leader_id')
        .execute();
      return new Map(rows.map((row) => [toInt(row.leader_id), toInt(row.n)]));
    },

    /** A page of a leader's started copies, running first, then newest; and how many. */
    async copiesOf(leaderId: number, page: number): Promise<{ data: LeaderCopy[]; total: number }> {
      const started = executor.selectFrom('copies').where('leader_id', '=', leaderId);
      const [rows, count] = await Promise.all([
        started
          .selectAll()
          .orderBy((eb) =>
            eb
              .case()
              .when('status', '=', COPY_STATUS.stopped)
              .then(eb.lit(1))
              .else(eb.lit(0))
              .end(),
          )
          .orderBy('id', 'desc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        started.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(toCopy), total: toInt(count.n) };
    },
  };
}

export type CopyingAdminRepository = ReturnType<typeof createCopyingAdminRepository>;
