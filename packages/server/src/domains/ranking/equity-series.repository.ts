import { asMicros } from '@tradedesk/engine';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { EquityPoint } from './leader-figures.ts';
import type { RankingTables } from './tables.ts';

/** Ids per statement: well inside every driver's limit on bound parameters. */
const CHUNK = 200;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A stored point with the moment it was sampled. */
export interface StoredPoint extends EquityPoint {
  accountId: number;
  sampledAt: number;
}

const toPoint = (row: {
  account_id: number | bigint;
  day: number | bigint;
  equity: number | bigint;
  flows: number | bigint;
  sampled_at: number | bigint;
}): StoredPoint => ({
  accountId: toInt(row.account_id),
  day: toInt(row.day),
  equity: asMicros(toBigInt(row.equity)),
  flows: asMicros(toBigInt(row.flows)),
  sampledAt: toInt(row.sampled_at),
});

const POINT = ['e.account_id', 'e.day', 'e.equity', 'e.flows', 'e.sampled_at'] as const;

/**
 * The daily equity series (equity_daily), on the executor given: the series job's snapshot
 * transaction, or the module's root database.
 */
export function createEquitySeriesRepository(executor: Executor<RankingTables>) {
  /** Each account's latest point before `beforeDay` (any, when undefined). */
  async function latestOf(ids: readonly number[], beforeDay?: number): Promise<StoredPoint[]> {
    let days = executor
      .selectFrom('equity_daily')
      .select((eb) => ['account_id', eb.fn.max('day').as('day')])
      .where('account_id', 'in', ids);
    if (beforeDay !== undefined) days = days.where('day', '<', beforeDay);
    const latest = days.groupBy('account_id').as('latest');
    const rows = await executor
      .selectFrom('equity_daily as e')
      .innerJoin(latest, (join) =>
        join.onRef('latest.account_id', '=', 'e.account_id').onRef('latest.day', '=', 'e.day'),
      )
      .select(POINT)
      .execute();
    return rows.map(toPoint);
  }

  const ofDay = async (ids: readonly number[], day: number) =>
    (
      await executor
        .selectFrom('equity_daily as e')
        .select(POINT)
        .where('e.account_id', 'in', ids)
        .where('e.day', '=', day)
        .execute()
    ).map(toPoint);

  return {
    /**
     * For each account: the latest point before `day` (whose sampled_at starts the flows of
     * `day`'s point) and `day`'s own point, where they exist.
     */
    async around(accountIds: readonly number[], day: number) {
      const previous: StoredPoint[] = [];
      const current: StoredPoint[] = [];
      for (const ids of chunks(accountIds)) {
        previous.push(...(await latestOf(ids, day)));
        current.push(...(await ofDay(ids, day)));
      }
      return { previous, current };
    },

    /** Each account's latest point. */
    async latest(accountIds: readonly number[]): Promise<Map<number, StoredPoint>> {
      const latest = new Map<number, StoredPoint>();
      for (const ids of chunks(accountIds))
        for (const point of await latestOf(ids)) latest.set(point.accountId, point);
      return latest;
    },

    /** The accounts' series, each sorted by day. */
    async seriesOf(accountIds: readonly number[]): Promise<Map<number, StoredPoint[]>> {
      const series = new Map<number, StoredPoint[]>();
      for (const ids of chunks(accountIds)) {
        const rows = await executor
          .selectFrom('equity_daily as e')
          .select(POINT)
          .where('e.account_id', 'in', ids)
          .orderBy('e.account_id')
          .orderBy('e.day')
          .execute();
        for (const point of rows.map(toPoint)) {
          const list = series.get(point.accountId) ?? [];
          list.push(point);
          series.set(point.accountId, list);
        }
      }
      return series;
    },

    /** Writes points (insert, or replace the day's point), a batch per statement. */
    async upsert(points: readonly StoredPoint[]): Promise<void> {
      for (const part of chunks(points))
        await executor
          .insertInto('equity_daily')
          .values(
            part.map((p) => ({
              account_id: p.accountId,
              day: p.day,
              equity: p.equity,
              flows: p.flows,
              sampled_at: p.sampledAt,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['account_id', 'day']).doUpdateSet((eb) => ({
              equity: eb.ref('excluded.equity'),
              flows: eb.ref('excluded.flows'),
              sampled_at: eb.ref('excluded.sampled_at'),
            })),
          )
          .execute();
    },
  };
}

export type EquitySeriesRepository = ReturnType<typeof createEquitySeriesRepository>;
