import type { Ranking } from '@tradedesk/contract';
import { type Micros, sumMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { createEquitySeriesRepository } from './equity-series.repository.ts';
import { type LeaderEntry, leaderEntry, rankRows } from './leader-entry.ts';
import { createRankingRepository, type RunningCopy } from './ranking.repository.ts';
import { WINDOW_DAYS } from './ranking-figures.ts';

/** How often the figures are recomputed. */
export const REFRESH_MS = 60_000;
/** Rows published. */
export const RANKING_SIZE = 100;

interface Snapshot {
  ranking: Ranking;
  /** Every ranked trader (the list shows the first RANKING_SIZE): the profiles' figures. */
  leaders: ReadonlyMap<number, LeaderEntry>;
}

/**
 * Followers and assets under copy of each leader: the copies following now (active or paused)
 * and Σ of their accounts' equity at their latest point of the daily series — the job samples
 * every copy account each minute, just before the ranking on this node, so the figure is at
 * most a minute old (another node's partitions) and never a second valuation of its own.
 */
async function copiesByLeader(
  copies: readonly RunningCopy[],
  latestEquity: (accountIds: readonly number[]) => Promise<Map<number, { equity: Micros }>>,
): Promise<Map<number, { followers: number; aum: Micros }>> {
  const latest = await latestEquity(copies.map((c) => c.accountId));
  const byLeader = new Map<number, { followers: number; aum: Micros }>();
  for (const copy of copies) {
    const seen = byLeader.get(copy.leaderId) ?? { followers: 0, aum: ZERO_MICROS };
    byLeader.set(copy.leaderId, {
      followers: seen.followers + 1,
      aum: sumMicros([seen.aum, latest.get(copy.accountId)?.equity ?? ZERO_MICROS]),
    });
  }
  return byLeader;
}

/**
 * The ranking (DECISIONS.md Content and social, issue 29), computed from the database on a
 * timer and served from memory: a request never computes. Rows: real traders (not demo, not
 * copy accounts) with at least one closed position, not hidden by an operator. The three-week
 * and total figures come from closed positions; return, drawdown % and risk from the daily
 * equity series (sampled just before, when `sample` is given, so today's point is live).
 * Each node refreshes its own copy from the same rows, so nodes agree up to one refresh
 * interval; a shared table would add a write per minute for no figure that the database does
 * not already determine.
 */
export function createRankingService(deps: {
  db: Kysely<Database>;
  now: () => number;
  /** Samples today's equity points first (the series job), when this node has a market. */
  sample?: () => Promise<void>;
  onSampleError?: (error: unknown) => void;
}) {
  const { now } = deps;
  const repository = createRankingRepository(deps.db);
  const series = createEquitySeriesRepository(deps.db);
  let snapshot: Snapshot = {
    ranking: { data: [], refreshed_at: 0, window_days: WINDOW_DAYS },
    leaders: new Map(),
  };
  let running: Promise<void> | undefined;

  async function compute(): Promise<Snapshot> {
    // A failed sample leaves the points of the last round: the figures still refresh.
    await deps.sample?.().catch((error) => deps.onSampleError?.(error));
    const at = now();
    const [positions, hidden, samples, codes, copies] = await Promise.all([
      repository.closedPositions(),
      repository.hidden(),
      repository.sampleTraders(),
      repository.instrumentCodes(),
      repository.runningCopies(),
    ]);
    const ids = [...positions.keys()].filter((id) => !hidden.has(id));
    const contacts = await repository.contacts(ids);
    const points = await series.seriesOf(ids);
    const following = await copiesByLeader(copies, series.latest);
    const leaders = new Map<number, LeaderEntry>();
    for (const id of ids) {
      const entry = leaderEntry(
        {
          id,
          user: contacts.get(id) ?? '***',
          sample: samples.has(id),
          positions: positions.get(id)!,
          series: points.get(id) ?? [],
          followers: following.get(id)?.followers ?? 0,
          aum: following.get(id)?.aum ?? ZERO_MICROS,
          codes,
        },
        at,
      );
      if (entry) leaders.set(id, entry);
    }
    return {
      ranking: {
        data: rankRows(
          [...leaders.values()].map((e) => e.row),
          RANKING_SIZE,
        ),
        refreshed_at: at,
        window_days: WINDOW_DAYS,
      },
      leaders,
    };
  }

  /** Recomputes the figures; concurrent calls share one computation. */
  function refresh(): Promise<void> {
    running ??= compute()
      .then((next) => {
        snapshot = next;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    refresh,
    /** The figures of the last refresh. */
    list: (): Ranking => snapshot.ranking,
    /** A ranked trader of the last refresh (shown or not among the first RANKING_SIZE). */
    leader: (id: number): LeaderEntry | undefined => snapshot.leaders.get(id),
    /** Waits for a refresh under way (stopping, before the store closes). */
    idle: (): Promise<void> => (running ?? Promise.resolve()).catch(() => {}),
    /** Refreshes now and every REFRESH_MS; returns how to stop. */
    start(onError: (error: unknown) => void): () => void {
      void refresh().catch(onError);
      const timer = setInterval(() => void refresh().catch(onError), REFRESH_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type RankingService = ReturnType<typeof createRankingService>;
