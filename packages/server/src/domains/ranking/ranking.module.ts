import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { type EngineOwnership, singleNode } from '../../platform/cluster/ownership.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Outbox } from '../../platform/core/outbox.ts';
import type { Database } from '../../platform/db/schema.ts';
import { createMarketRepository, type MarketService } from '../market/index.ts';
import { createOrdersRepository, type OrderCaps, type TradingService } from '../trading/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createEquitySeries, type EquitySeries } from './equity-series.ts';
import { createLeaderProfiles } from './leader-profile.ts';
import { registerRankingRoutes } from './ranking.routes.ts';
import { createRankingService, type RankingService } from './ranking.service.ts';
import { createSampleTraders } from './sample-traders/sample-traders.ts';
import type { Strategy } from './sample-traders/strategies.ts';

export interface Ranking {
  ranking: RankingService;
  /** The daily equity series job, when there is a market to value positions at. */
  equity: EquitySeries | undefined;
  /** The embedded default's bots, when they run. */
  samples: ReturnType<typeof createSampleTraders> | undefined;
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
    db: Kysely<Database>;
    bus?: Bus;
    now: () => number;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    sampleTraders: boolean;
    /** Scale-out: whose equity points this node samples (the embedded default: everyone's). */
    ownership?: EngineOwnership;
    trading?: {
      market: MarketService;
      trading: TradingService;
      accounts: AccountsRepository;
      outbox: Outbox;
      users: UsersRepository;
      stopOutLevel: bigint;
      caps: OrderCaps;
      strategies?: readonly Strategy[];
    };
  },
  Ranking
> = {
  name: 'ranking',
  register(app, deps) {
    const orders = createOrdersRepository(deps.db);
    const equity =
      deps.trading &&
      createEquitySeries({
        db: deps.db,
        market: deps.trading.market,
        orders,
        now: deps.now,
        ownership: deps.ownership ?? singleNode,
        onSkipped: (accountId, error) =>
          app.log.error({ err: error, accountId }, 'equity point skipped: positions not valued'),
      });
    const ranking = createRankingService({
      db: deps.db,
      bus: deps.bus,
      now: deps.now,
      sample: equity?.sample,
      onSampleError: (error) => app.log.error({ err: error }, 'equity series sample failed'),
    });
    const profiles = createLeaderProfiles({
      db: deps.db,
      now: deps.now,
      leader: ranking.leader,
      trading: deps.trading && { market: deps.trading.market, orders },
    });
    registerRankingRoutes(app, { ranking, profiles, authenticate: deps.authenticate });
    const onError = (error: unknown) => app.log.error({ err: error }, 'ranking refresh failed');
    const samples =
      deps.sampleTraders && deps.trading
        ? createSampleTraders({
            ...deps.trading,
            db: deps.db,
            marketRepository: createMarketRepository(deps.db),
            orders,
            now: deps.now,
            log: app.log,
          })
        : undefined;
    const api = { ranking, equity, samples };
    let stopRefreshing: (() => void) | undefined;
    return {
      api,
      start() {
        stopRefreshing = ranking.start(onError);
        // In the background: the server listens while the bots replay; the figures follow.
        // The replay wrote past points of the bots' series: the job reads them afresh.
        samples?.start(() => {
          equity?.reset();
          return ranking.refresh();
        });
      },
      async stop() {
        stopRefreshing?.();
        await samples?.stop();
        await ranking.idle();
      },
    };
  },
};
