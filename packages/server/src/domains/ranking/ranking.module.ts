import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { type EngineOwnership, singleNode } from '../../platform/cluster/ownership.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { MarketService } from '../market/index.ts';
import type { OrderCaps, OrdersRepository, TradingService } from '../trading/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createEquitySeriesRepository } from './equity-series.repository.ts';
import { createEquitySeries, type EquitySeries } from './equity-series.ts';
import { createLeaderProfiles } from './leader-profile.ts';
import { registerRankingRoutes } from './ranking.routes.ts';
import { createRankingService, type RankingService } from './ranking.service.ts';
import type { RankingSources } from './ranking-sources.ts';
import { createSampleTradersRepository } from './sample-traders/sample-traders.repository.ts';
import { createSampleTraders } from './sample-traders/sample-traders.ts';
import type { Strategy } from './sample-traders/strategies.ts';
import type { RankingTables } from './tables.ts';

export interface Ranking {
  ranking: RankingService;
  /** The daily equity series job, when there is a market to value positions at. */
  equity: EquitySeries | undefined;
  /** The embedded default's bots, when they run. */
  samples: ReturnType<typeof createSampleTraders> | undefined;
  /** Which of the traders are the embedded default's bots (the back office marks them). */
  sampleTradersAmong: (ids: readonly number[]) => Promise<Set<number>>;
}

/**
 * The copy-trading ranking (issues 12, 29): its figures, refreshed once at start and every
 * minute after the daily equity series sampled today's points (when there is a market to
 * value positions at); the leaders' profiles and equity curves; and — when `sampleTraders` is
 * on and there is a market — the embedded default's bots. Stops before trading and the
 * store: the bots' commands need both.
 */
export const rankingModule: AppModule<
  {
    db: Kysely<RankingTables>;
    /** What the ranking reads of other domains, through their public reads. */
    sources: RankingSources;
    /** The equity series' round: one snapshot across the owners it reads. */
    snapshot: Transact;
    bus?: Bus;
    now: () => number;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    sampleTraders: boolean;
    /** Scale-out: whose equity points this node samples (the embedded default: everyone's). */
    ownership?: EngineOwnership;
    trading?: {
      market: MarketService;
      trading: TradingService;
      orders: OrdersRepository;
      users: Pick<UsersRepository, 'findById'>;
      /** A bot's user, its row and its consent commit together. */
      transact: Transact;
      /** A command core on the replay's clock. */
      replayCore: (now: () => number) => CommandCore;
      stopOutLevel: bigint;
      caps: OrderCaps;
      strategies?: readonly Strategy[];
    };
  },
  Ranking
> = {
  name: 'ranking',
  register(app, deps) {
    const { sources, now, trading } = deps;
    const series = createEquitySeriesRepository(deps.db);
    const samples = createSampleTradersRepository(deps.db);
    const equity =
      trading &&
      createEquitySeries({
        series,
        snapshot: deps.snapshot,
        market: trading.market,
        now,
        ownership: deps.ownership ?? singleNode,
        onSkipped: (accountId, error) =>
          app.log.error({ err: error, accountId }, 'equity point skipped: positions not valued'),
      });
    const ranking = createRankingService({
      sources,
      series,
      samples,
      bus: deps.bus,
      now,
      sample: equity?.sample,
      onSampleError: (error) => app.log.error({ err: error }, 'equity series sample failed'),
    });
    const profiles = createLeaderProfiles({
      sources,
      series,
      now,
      leader: ranking.leader,
      trading: trading && { market: trading.market, orders: trading.orders },
    });
    registerRankingRoutes(app, { ranking, profiles, authenticate: deps.authenticate });
    const onError = (error: unknown) => app.log.error({ err: error }, 'ranking refresh failed');
    const bots =
      deps.sampleTraders && trading
        ? createSampleTraders({
            ...trading,
            samples,
            candles: sources.market,
            orderReads: sources.orders,
            ledger: sources.ledger,
            series,
            now,
            log: app.log,
          })
        : undefined;
    const api = { ranking, equity, samples: bots, sampleTradersAmong: samples.among };
    let stopRefreshing: (() => void) | undefined;
    return {
      api,
      start() {
        stopRefreshing = ranking.start(onError);
        // In the background: the server listens while the bots replay; the figures follow.
        // The replay wrote past points of the bots' series: the job reads them afresh.
        bots?.start(() => {
          equity?.reset();
          return ranking.refresh();
        });
      },
      async stop() {
        stopRefreshing?.();
        await bots?.stop();
        await ranking.idle();
      },
    };
  },
};
