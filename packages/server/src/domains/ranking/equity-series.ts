import { type Micros, sumMicros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { OrdersRepository } from '../trading/index.ts';
import {
  createEquitySeriesRepository,
  type FlowRow,
  type SampledAccount,
  type StoredPoint,
} from './equity-series.repository.ts';
import { equityOf, type LiveOrder, liveByAccount, type Quotes } from './equity-valuation.ts';
import { dayOf } from './leader-figures.ts';

/** What the job keeps of an account between rounds, to read only what changed. */
interface Tracked {
  /** The account's version when its ledger was last read. */
  version: number;
  /** The largest ledger id of the account read so far. */
  lastLedgerId: number;
  /** The day `since` is for. */
  day: number;
  /** sampled_at of the latest point before `day` (null: none, the flows start at the beginning). */
  since: number | null;
  /** Flow rows after `since`: the flows of `day`'s point. */
  flows: { at: number; amount: Micros }[];
  /** The point last written (or found written) for `day`. */
  written?: StoredPoint;
}

const samePoint = (a: StoredPoint | undefined, b: StoredPoint) =>
  a !== undefined && a.day === b.day && a.equity === b.equity && a.flows === b.flows;

/**
 * The daily equity series (issue 29): at start and every minute (the ranking's refresh samples
 * first, so that its figures include the live point), today's point of every kept
 * account (equity_daily.day = the UTC day of now) gets its equity now and the flows since the
 * point before. The table is the state: after a restart the job reads where the points stand
 * and continues; a day the server was down has no point and the next point's flows span the
 * gap. Memory only spares work: a point is written when its figures changed, and an account's
 * ledger is read again only when its version moved.
 *
 * Scale-out: each node samples the accounts of the partitions it owns (the embedded default
 * owns all), so one node writes an account's points; while a partition moves, two nodes may
 * write the same figures once, which the upsert makes harmless.
 */
export function createEquitySeries(deps: {
  db: Kysely<Database>;
  market: Quotes;
  orders: Pick<OrdersRepository, 'live'>;
  now: () => number;
  ownership: Pick<EngineOwnership, 'owns'>;
  /** An account left out of a round (its positions could not be valued). */
  onSkipped?: (accountId: number, error: unknown) => void;
}) {
  const { db, now, ownership } = deps;
  const repository = createEquitySeriesRepository(db);
  const tracked = new Map<number, Tracked>();
  let running: Promise<void> | undefined;

  /** Accounts seen for the first time (or again after a restart or a moved partition). */
  async function track(
    accounts: readonly SampledAccount[],
    day: number,
    trx: Executor,
  ): Promise<void> {
    const ids = accounts.map((a) => a.accountId);
    const { previous, current } = await repository.around(ids, day, trx);
    const { flows, lastIds } = await repository.allFlows(ids, trx);
    const since = new Map(previous.map((p) => [p.accountId, p.sampledAt]));
    const written = new Map(current.map((p) => [p.accountId, p]));
    const flowsOf = byAccount(flows);
    for (const account of accounts) {
      const start = since.get(account.accountId) ?? null;
      tracked.set(account.accountId, {
        version: account.version,
        lastLedgerId: lastIds.get(account.accountId) ?? 0,
        day,
        since: start,
        flows: after(flowsOf.get(account.accountId), start),
        written: written.get(account.accountId),
      });
    }
  }

  /** Accounts whose day turned since their last round: the flows start at yesterday's point. */
  async function turnDay(ids: readonly number[], day: number, trx: Executor) {
    const { previous, current } = await repository.around(ids, day, trx);
    const since = new Map(previous.map((p) => [p.accountId, p.sampledAt]));
    const written = new Map(current.map((p) => [p.accountId, p]));
    for (const id of ids) {
      const state = tracked.get(id)!;
      state.day = day;
      state.since = since.get(id) ?? null;
      state.flows = state.flows.filter((f) => state.since === null || f.at > state.since);
      state.written = written.get(id);
    }
  }

  /** Accounts whose version moved: their new ledger rows. */
  async function readChanges(accounts: readonly SampledAccount[], trx: Executor) {
    const { flows, lastIds } = await repository.rowsAfter(
      accounts.map((a) => ({ accountId: a.accountId, id: tracked.get(a.accountId)!.lastLedgerId })),
      trx,
    );
    const flowsOf = byAccount(flows);
    for (const account of accounts) {
      const state = tracked.get(account.accountId)!;
      state.version = account.version;
      state.lastLedgerId = lastIds.get(account.accountId) ?? state.lastLedgerId;
      state.flows.push(...after(flowsOf.get(account.accountId), state.since));
    }
  }

  /**
   * One consistent picture (one snapshot): balances, live orders and the ledger rows behind
   * them, so that a deposit is either in both the equity and the flows or in neither.
   */
  async function read(at: number): Promise<{ accounts: SampledAccount[]; live: LiveOrder[] }> {
    const day = dayOf(at);
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const accounts = (await repository.accounts(trx)).filter((a) =>
          ownership.owns(a.accountId),
        );
        const owned = new Set(accounts.map((a) => a.accountId));
        for (const id of tracked.keys()) if (!owned.has(id)) tracked.delete(id);
        const fresh = accounts.filter((a) => !tracked.has(a.accountId));
        const known = accounts.filter((a) => tracked.has(a.accountId));
        await turnDay(
          known.filter((a) => tracked.get(a.accountId)!.day !== day).map((a) => a.accountId),
          day,
          trx,
        );
        await readChanges(
          known.filter((a) => tracked.get(a.accountId)!.version !== a.version),
          trx,
        );
        await track(fresh, day, trx);
        return { accounts, live: await deps.orders.live(trx) };
      });
  }

  /** Today's point of each account, where it differs from what is written. */
  function pointsToWrite(
    at: number,
    accounts: readonly SampledAccount[],
    live: readonly LiveOrder[],
  ): StoredPoint[] {
    const orders = liveByAccount(live);
    const points: StoredPoint[] = [];
    for (const account of accounts) {
      const state = tracked.get(account.accountId)!;
      let equity: Micros;
      try {
        equity = equityOf(account.balance, orders.get(account.accountId) ?? [], deps.market);
      } catch (error) {
        deps.onSkipped?.(account.accountId, error);
        continue;
      }
      const point: StoredPoint = {
        accountId: account.accountId,
        day: state.day,
        equity,
        flows: sumMicros(state.flows.map((f) => f.amount)),
        // Never before a flow it counts: the next day's flows start after this moment.
        sampledAt: Math.max(at, ...state.flows.map((f) => f.at)),
      };
      if (!samePoint(state.written, point)) points.push(point);
    }
    return points;
  }

  async function sampleOnce(): Promise<void> {
    const at = now();
    const { accounts, live } = await read(at);
    const points = pointsToWrite(at, accounts, live);
    await repository.upsert(points);
    for (const point of points) {
      const state = tracked.get(point.accountId);
      if (state) state.written = point;
    }
  }

  /** Samples now; concurrent calls share one round. */
  function sample(): Promise<void> {
    running ??= sampleOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    sample,
    /** Forgets what memory holds: the next round reads every account from the table again. */
    reset(): void {
      tracked.clear();
    },
  };
}

function byAccount(flows: readonly FlowRow[]): Map<number, FlowRow[]> {
  const grouped = new Map<number, FlowRow[]>();
  for (const flow of flows) {
    const list = grouped.get(flow.accountId) ?? [];
    list.push(flow);
    grouped.set(flow.accountId, list);
  }
  return grouped;
}

/** The flows after `since` (all of them when there is no point before). */
function after(flows: readonly FlowRow[] | undefined, since: number | null) {
  return (flows ?? [])
    .filter((f) => since === null || f.at > since)
    .map((f) => ({ at: f.at, amount: f.amount }));
}

export type EquitySeries = ReturnType<typeof createEquitySeries>;
