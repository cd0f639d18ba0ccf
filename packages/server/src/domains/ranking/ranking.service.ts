import type { Ranking } from '@tradedesk/contract';
import { type Micros, sumMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { Bus } from '../../platform/bus/bus.ts';
import type { RunningCopy } from '../copying/index.ts';
import type { EquitySeriesRepository } from './equity-series.repository.ts';
import { type LeaderEntry, leaderEntry, rankRows } from './leader-entry.ts';
import { WINDOW_DAYS } from './ranking-figures.ts';
import { closedPositions, instrumentCodes, type RankingSources } from './ranking-sources.ts';
import type { SampleTradersRepository } from './sample-traders/sample-traders.repository.ts';

/** How often the figures are recomputed. */
export const REFRESH_MS = 60_000;
/** Rows published. */
export const RANKING_SIZE = 100;

interface Snapshot {
  refreshedAt: number;
  /**
   * Every trader with figures, whether or not they may be shown: the list shows the first
   * RANKING_SIZE of the visible ones, so a trader who opts in or out (or is hidden) shows or
   * leaves at once, without recomputing.
   */
  leaders: ReadonlyMap<number, LeaderEntry>;
  /** Traders who opted in and are not hidden, as of the refresh and the changes heard since. */
  visible: Set<number>;
}

/** Copies following a leader now: with real money (the ranking's figures) and demo money. */
interface Following {
  followers: number;
  aum: Micros;
  demoFollowers: number;
}

/**
 * Followers and assets under copy of each leader: the copies following now (active or paused)
 * and Σ of their accounts' equity at their latest point of the daily series — the job samples
 * every copy account each minute, just before the ranking on this node, so the figure is at
 * most a minute old (another node's partitions) and never a second valuation of its own.
 * Only real money counts (issue 36): demo copies are counted apart and add nothing to assets.
 */
async function copiesByLeader(
  copies: readonly RunningCopy[],
  latestEquity: (accountIds: readonly number[]) => Promise<Map<number, { equity: Micros }>>,
): Promise<Map<number, Following>> {
  const real = copies.filter((c) => !c.demo);
  const latest = await latestEquity(real.map((c) => c.accountId));
  const byLeader = new Map<number, Following>();
  for (const copy of copies) {
    const seen = byLeader.get(copy.leaderId) ?? {
      followers: 0,
      aum: ZERO_MICROS,
      demoFollowers: 0,
    };
    byLeader.set(
      copy.leaderId,
      copy.demo
        ? { ...seen, demoFollowers: seen.demoFollowers + 1 }
        : {
            ...seen,
            followers: seen.followers + 1,
            aum: sumMicros([seen.aum, latest.get(copy.accountId)?.equity ?? ZERO_MICROS]),
          },
    );
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
  /** Other domains' reads, and the ranking's own series and bots on its root database. */
  sources: RankingSources;
  series: Pick<EquitySeriesRepository, 'seriesOf' | 'latest'>;
  samples: Pick<SampleTradersRepository, 'userIds'>;
  /** Consent and hiding changes of any node: the list follows them at once. */
  bus?: Bus;
  now: () => number;
  /** Samples today's equity points first (the series job), when this node has a market. */
  sample?: () => Promise<void>;
  onSampleError?: (error: unknown) => void;
}) {
  const { now, sources, series } = deps;
  let snapshot: Snapshot = { refreshedAt: 0, leaders: new Map(), visible: new Set() };
  /** The list as served, until the snapshot or a trader's visibility changes. */
  let served: Ranking | undefined;
  let running: Promise<void> | undefined;

  deps.bus?.subscribe('leader.visibility', ({ leaderId, visible }) => {
    if (visible) snapshot.visible.add(leaderId);
    else snapshot.visible.delete(leaderId);
    served = undefined;
  });

  function list(): Ranking {
    served ??= {
      data: rankRows(
        [...snapshot.leaders.values()]
          .filter((entry) => snapshot.visible.has(entry.row.id))
          .map((entry) => entry.row),
        RANKING_SIZE,
      ),
      refreshed_at: snapshot.refreshedAt,
      window_days: WINDOW_DAYS,
    };
    return served;
  }

  async function compute(): Promise<Snapshot> {
    // A failed sample leaves the points of the last round: the figures still refresh.
    await deps.sample?.().catch((error) => deps.onSampleError?.(error));
    const at = now();
    const [positions, visible, samples, codes, copies] = await Promise.all([
      closedPositions(sources),
      sources.copying.visibleLeaders(),
      deps.samples.userIds(),
      instrumentCodes(sources),
      sources.copying.runningCopies(),
    ]);
    // Figures for everyone with a closed position; who may be seen is decided when served.
    const ids = [...positions.keys()];
    const contacts = await sources.users.contactsOf(ids);
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
          demoFollowers: following.get(id)?.demoFollowers ?? 0,
          codes,
        },
        at,
      );
      if (entry) leaders.set(id, entry);
    }
    return { refreshedAt: at, leaders, visible };
  }

  /** Recomputes the figures; concurrent calls share one computation. */
  function refresh(): Promise<void> {
    running ??= compute()
      .then((next) => {
        snapshot = next;
        served = undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    refresh,
    /** The figures of the last refresh, of the traders who may be seen now. */
    list,
    /**
     * A trader with figures at the last refresh (shown or not among the first RANKING_SIZE,
     * visible or not: the profile asks the database whether it may be seen).
     */
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
