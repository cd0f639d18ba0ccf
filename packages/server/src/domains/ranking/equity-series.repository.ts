import { asMicros, type LedgerKind, type Micros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type Database, toBigInt, toInt } from '../../platform/db/schema.ts';
import type { EquityPoint } from './leader-figures.ts';

/**
 * Ledger kinds that move money into or out of an account from outside its trading: deposits,
 * withdrawals (held, and returned when refused), demo credits and resets, and the transfers
 * between a follower and a copy account. They are capital, not performance. (A withdrawal's
 * payout moves only held money and leaves the balance as it is: not a flow.)
 */
export const FLOW_KINDS = [
  'deposit',
  'withdraw-hold',
  'withdraw-return',
  'demo-credit',
  'demo-reset',
  'copy-out',
  'copy-in',
  'copy-fund',
  'copy-return',
] as const satisfies readonly LedgerKind[];
const FLOWS: readonly string[] = FLOW_KINDS;

/** Ids per statement: well inside every driver's limit on bound parameters. */
const CHUNK = 200;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** An account the series is kept for, as read now. */
export interface SampledAccount {
  accountId: number;
  balance: Micros;
  /** Bumped by every command that changed the account (every ledger row comes with one). */
  version: number;
}

/** A flow ledger row: when and how much. */
export interface FlowRow {
  accountId: number;
  id: number;
  at: number;
  amount: Micros;
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

/** The daily equity series' queries (equity_daily, and the ledger and accounts it reads). */
export function createEquitySeriesRepository(db: Kysely<Database>) {
  return {
    /**
     * Accounts whose series is kept: real traders and copy accounts (a demo copy's equity is
     * its follower's to watch). A plain demo account is never ranked nor copied; visitors make
     * them by the thousand, and a point a day each would be written for nobody.
     */
    async accounts(executor: Executor = db): Promise<SampledAccount[]> {
      const rows = await executor
        .selectFrom('accounts')
        .innerJoin('users', 'users.id', 'accounts.user_id')
        .select(['accounts.user_id', 'accounts.balance', 'accounts.version'])
        .where((eb) => eb.or([eb('users.is_demo', '=', 0), eb('users.owner_id', 'is not', null)]))
        .execute();
      return rows.map((r) => ({
        accountId: toInt(r.user_id),
        balance: asMicros(toBigInt(r.balance)),
        version: toInt(r.version),
      }));
    },

    /**
     * For each account: the latest point before `day` (whose sampled_at starts the flows of
     * `day`'s point) and `day`'s own point, where they exist.
     */
    async around(
      accountIds: readonly number[],
      day: number,
      executor: Executor = db,
    ): Promise<{ previous: StoredPoint[]; current: StoredPoint[] }> {
      const previous: StoredPoint[] = [];
      const current: StoredPoint[] = [];
      for (const ids of chunks(accountIds)) {
        const latest = executor
          .selectFrom('equity_daily')
          .select((eb) => ['account_id', eb.fn.max('day').as('day')])
          .where('account_id', 'in', ids)
          .where('day', '<', day)
          .groupBy('account_id')
          .as('latest');
        const before = await executor
          .selectFrom('equity_daily as e')
          .innerJoin(latest, (join) =>
            join.onRef('latest.account_id', '=', 'e.account_id').onRef('latest.day', '=', 'e.day'),
          )
          .select(['e.account_id', 'e.day', 'e.equity', 'e.flows', 'e.sampled_at'])
          .execute();
        previous.push(...before.map(toPoint));
        const today = await executor
          .selectFrom('equity_daily')
          .select(['account_id', 'day', 'equity', 'flows', 'sampled_at'])
          .where('account_id', 'in', ids)
          .where('day', '=', day)
          .execute();
        current.push(...today.map(toPoint));
      }
      return { previous, current };
    },

    /** Every flow row of the accounts, and the largest ledger id of each (any kind). */
    async allFlows(
      accountIds: readonly number[],
      executor: Executor = db,
    ): Promise<{ flows: FlowRow[]; lastIds: Map<number, number> }> {
      const flows: FlowRow[] = [];
      const lastIds = new Map<number, number>();
      for (const ids of chunks(accountIds)) {
        const rows = await executor
          .selectFrom('ledger')
          .select(['id', 'user_id', 'amount', 'created_at'])
          .where('user_id', 'in', ids)
          .where('kind', 'in', [...FLOWS])
          .execute();
        flows.push(...rows.map(toFlow));
        const last = await executor
          .selectFrom('ledger')
          .select((eb) => ['user_id', eb.fn.max('id').as('id')])
          .where('user_id', 'in', ids)
          .groupBy('user_id')
          .execute();
        for (const row of last) lastIds.set(toInt(row.user_id), toInt(row.id));
      }
      return { flows, lastIds };
    },

    /**
     * Ledger rows after a known id, per account (its index: user_id, id). An account's rows
     * are written under its lock, one command after the other, so its ids only grow: nothing
     * of it can appear later below the id already seen.
     */
    async rowsAfter(
      after: readonly { accountId: number; id: number }[],
      executor: Executor = db,
    ): Promise<{ flows: FlowRow[]; lastIds: Map<number, number> }> {
      const flows: FlowRow[] = [];
      const lastIds = new Map<number, number>();
      for (const part of chunks(after)) {
        const rows = await executor
          .selectFrom('ledger')
          .select(['id', 'user_id', 'amount', 'kind', 'created_at'])
          .where((eb) =>
            eb.or(part.map((a) => eb.and([eb('user_id', '=', a.accountId), eb('id', '>', a.id)]))),
          )
          .execute();
        for (const row of rows) {
          const flow = toFlow(row);
          lastIds.set(flow.accountId, Math.max(lastIds.get(flow.accountId) ?? 0, flow.id));
          if (FLOWS.includes(row.kind)) flows.push(flow);
        }
      }
      return { flows, lastIds };
    },

    /** Writes points (insert, or replace the day's point), a batch per statement. */
    async upsert(points: readonly StoredPoint[]): Promise<void> {
      for (const part of chunks(points)) {
        await db
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
      }
    },

    /** Each account's latest point. */
    async latest(accountIds: readonly number[]): Promise<Map<number, StoredPoint>> {
      const latest = new Map<number, StoredPoint>();
      for (const ids of chunks(accountIds)) {
        const newest = db
          .selectFrom('equity_daily')
          .select((eb) => ['account_id', eb.fn.max('day').as('day')])
          .where('account_id', 'in', ids)
          .groupBy('account_id')
          .as('newest');
        const rows = await db
          .selectFrom('equity_daily as e')
          .innerJoin(newest, (join) =>
            join.onRef('newest.account_id', '=', 'e.account_id').onRef('newest.day', '=', 'e.day'),
          )
          .select(['e.account_id', 'e.day', 'e.equity', 'e.flows', 'e.sampled_at'])
          .execute();
        for (const point of rows.map(toPoint)) latest.set(point.accountId, point);
      }
      return latest;
    },

    /** The accounts' series, each sorted by day. */
    async seriesOf(accountIds: readonly number[]): Promise<Map<number, StoredPoint[]>> {
      const series = new Map<number, StoredPoint[]>();
      for (const ids of chunks(accountIds)) {
        const rows = await db
          .selectFrom('equity_daily')
          .select(['account_id', 'day', 'equity', 'flows', 'sampled_at'])
          .where('account_id', 'in', ids)
          .orderBy('account_id')
          .orderBy('day')
          .execute();
        for (const point of rows.map(toPoint)) {
          const list = series.get(point.accountId) ?? [];
          list.push(point);
          series.set(point.accountId, list);
        }
      }
      return series;
    },
  };
}

const toFlow = (row: {
  id: number | bigint;
  user_id: number | bigint;
  amount: number | bigint;
  created_at: number | bigint;
}): FlowRow => ({
  accountId: toInt(row.user_id),
  id: toInt(row.id),
  at: toInt(row.created_at),
  amount: asMicros(toBigInt(row.amount)),
});

export type EquitySeriesRepository = ReturnType<typeof createEquitySeriesRepository>;
