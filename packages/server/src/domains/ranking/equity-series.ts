import { type Micros, sumMicros } from '@tradedesk/engine';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import { type AccountBalance, createLedgerReads } from '../../platform/core/ledger-reads.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { createOrdersRepository } from '../trading/index.ts';
import { createUserDirectory } from '../users/index.ts';
import {
  createEquitySeriesRepository,
  type EquitySeriesRepository,
  type StoredPoint,
} from './equity-series.repository.ts';
import { createEquityTracking } from './equity-tracking.ts';
import { equityOf, type LiveOrder, liveByAccount, type Quotes } from './equity-valuation.ts';
import { dayOf } from './leader-figures.ts';

const samePoint = (a: StoredPoint | undefined, b: StoredPoint) =>
  a !== undefined && a.day === b.day && a.equity === b.equity && a.flows === b.flows;

/**
 * The daily equity series (issue 29): at start and every minute (the ranking's refresh samples
 * first, so that its figures include the live point), today's point of every kept
 * account (equity_daily.day = the UTC day of now) gets its equity now and the flows since the
 * point before. The table is the state: after a restart the job reads where the points stand
 * and continues; a day the server was down has no point and the next point's flows span the
 * gap. Memory only spares work (equity-tracking.ts): a point is written when its figures
 * changed, and an account's ledger is read again only when its version moved.
 *
 * Scale-out: each node samples the accounts of the partitions it owns (the embedded default
 * owns all), so one node writes an account's points; while a partition moves, two nodes may
 * write the same figures once, which the upsert makes harmless.
 */
export function createEquitySeries(deps: {
  /** The series on the module's root database: the points are written there. */
  series: Pick<EquitySeriesRepository, 'upsert'>;
  /** One snapshot across the owners the round reads (users, accounts and ledger, orders). */
  snapshot: Transact;
  market: Quotes;
  now: () => number;
  ownership: Pick<EngineOwnership, 'owns'>;
  /** An account left out of a round (its positions could not be valued). */
  onSkipped?: (accountId: number, error: unknown) => void;
}) {
  const { now, ownership } = deps;
  const tracking = createEquityTracking();
  let running: Promise<void> | undefined;

  /**
   * One consistent picture (one snapshot): balances, live orders and the ledger rows behind
   * them, so that a deposit is either in both the equity and the flows or in neither. The
   * accounts kept are real traders' and copy accounts (users decides which).
   */
  function read(at: number): Promise<{ accounts: AccountBalance[]; live: LiveOrder[] }> {
    return deps.snapshot(async (tx) => {
      const ledger = tx.repository(createLedgerReads);
      const kept = await tx.repository(createUserDirectory).seriesAccountIds();
      const accounts = await ledger.balances(kept.filter((id) => ownership.owns(id)));
      const series = tx.repository(createEquitySeriesRepository);
      await tracking.catchUp({ ledger, series }, accounts, dayOf(at));
      return { accounts, live: await tx.repository(createOrdersRepository).live() };
    });
  }

  /** Today's point of each account, where it differs from what is written. */
  function pointsToWrite(
    at: number,
    accounts: readonly AccountBalance[],
    live: readonly LiveOrder[],
  ): StoredPoint[] {
    const orders = liveByAccount(live);
    const points: StoredPoint[] = [];
    for (const account of accounts) {
      const state = tracking.of(account.accountId);
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
    await deps.series.upsert(points);
    for (const point of points) tracking.wrote(point);
  }

  return {
    /** Samples now; concurrent calls share one round. */
    sample(): Promise<void> {
      running ??= sampleOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Forgets what memory holds: the next round reads every account from the table again. */
    reset(): void {
      tracking.clear();
    },
  };
}

export type EquitySeries = ReturnType<typeof createEquitySeries>;
