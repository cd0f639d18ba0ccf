import { toInt } from '../../../platform/db/columns.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { RankingTables } from '../tables.ts';

/** The one row of sample_trader_runs. */
const RUN_ID = 1;

/**
 * The embedded default's bots (sample_traders) and the run nodes claim (sample_trader_runs),
 * on the executor given: the transaction that creates a bot, or the module's root database.
 */
export function createSampleTradersRepository(executor: Executor<RankingTables>) {
  const userIds = (rows: { user_id: number | bigint }[]) =>
    new Set(rows.map((row) => toInt(row.user_id)));

  return {
    /** Every bot's trader. */
    async userIds(): Promise<Set<number>> {
      return userIds(await executor.selectFrom('sample_traders').select('user_id').execute());
    },
    /** Which of the traders are bots. */
    async among(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .selectFrom('sample_traders')
        .select('user_id')
        .where('user_id', 'in', ids)
        .execute();
      return userIds(rows);
    },
    /** The bots with their strategies. */
    async bots(): Promise<{ strategy: string; userId: number }[]> {
      const rows = await executor
        .selectFrom('sample_traders')
        .select(['strategy', 'user_id'])
        .execute();
      return rows.map((row) => ({ strategy: row.strategy, userId: toInt(row.user_id) }));
    },
    async add(strategy: string, userId: number, at: number): Promise<void> {
      await executor
        .insertInto('sample_traders')
        .values({ strategy, user_id: userId, created_at: at })
        .execute();
    },

    /** Claims the replay for `holder`; false when another node (or an earlier start) has. */
    async claim(holder: string, at: number, leaseUntil: number): Promise<boolean> {
      const result = await executor
        .insertInto('sample_trader_runs')
        .values({ id: RUN_ID, holder, lease_until: leaseUntil, claimed_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    /** The replay is over, with the trades it made. */
    async replayed(at: number, trades: number): Promise<void> {
      await executor
        .updateTable('sample_trader_runs')
        .set({ replayed_at: at, trades })
        .where('id', '=', RUN_ID)
        .execute();
    },
    /**
     * Takes or keeps the live-trading lease once the replay is over: true when `holder` holds
     * it until `leaseUntil` (it held it, or the last holder's ran out).
     */
    async holdLease(holder: string, at: number, leaseUntil: number): Promise<boolean> {
      const lease = await executor
        .updateTable('sample_trader_runs')
        .set({ holder, lease_until: leaseUntil })
        .where('id', '=', RUN_ID)
        .where('replayed_at', 'is not', null)
        .where((eb) => eb.or([eb('holder', '=', holder), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      return Number(lease.numUpdatedRows) === 1;
    },
  };
}

export type SampleTradersRepository = ReturnType<typeof createSampleTradersRepository>;
