import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Outbox } from '../../platform/core/outbox.ts';
import type { Database } from '../../platform/db/schema.ts';
import { createMarketRepository, type MarketService } from '../market/index.ts';
import { createOrdersRepository, type OrderCaps, type TradingService } from '../trading/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { registerRankingRoutes } from './ranking.routes.ts';
import { createRankingService, type RankingService } from './ranking.service.ts';
import { createSampleTraders } from './sample-traders/sample-traders.ts';
import type { Strategy } from './sample-traders/strategies.ts';

export interface Ranking {
  ranking: RankingService;
  /** The embedded default's bots, when they run. */
  samples: ReturnType<typeof createSampleTraders> | undefined;
}

/**
 * The copy-trading ranking (issue 12): its figures, refreshed once at start and every minute,
 * and — when `sampleTraders` is on and there is a market — the embedded default's bots.
 * Stops before trading and the store: the bots' commands need both.
 */
export const rankingModule: AppModule<
  {
    db: Kysely<Database>;
    now: () => number;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    sampleTraders: boolean;
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
    const ranking = createRankingService(deps);
    registerRankingRoutes(app, { ranking, authenticate: deps.authenticate });
    const onError = (error: unknown) => app.log.error({ err: error }, 'ranking refresh failed');
    const samples =
      deps.sampleTraders && deps.trading
        ? createSampleTraders({
            ...deps.trading,
            db: deps.db,
            marketRepository: createMarketRepository(deps.db),
            orders: createOrdersRepository(deps.db),
            now: deps.now,
            log: app.log,
          })
        : undefined;
    const api = { ranking, samples };
    let stopRefreshing: (() => void) | undefined;
    return {
      api,
      start() {
        stopRefreshing = ranking.start(onError);
        // In the background: the server listens while the bots replay; the figures follow.
        samples?.start(() => ranking.refresh());
      },
      async stop() {
        stopRefreshing?.();
        await samples?.stop();
      },
    };
  },
};
