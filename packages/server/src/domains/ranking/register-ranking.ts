import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
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

const services = new WeakMap<
  FastifyInstance,
  { ranking: RankingService; samples?: ReturnType<typeof createSampleTraders> }
>();

/** The app's ranking and sample traders (tests refresh the figures and await the replay). */
export const rankingOf = (app: FastifyInstance) => services.get(app);

/**
 * The copy-trading ranking (issue 12): its figures, refreshed once at start and every minute,
 * and — when `sampleTraders` is on and there is a market — the embedded default's bots.
 */
export function registerRanking(
  app: FastifyInstance,
  deps: {
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
      feeType: () => Promise<1 | 2>;
      stopOutLevel: bigint;
      caps: OrderCaps;
      strategies?: readonly Strategy[];
    };
    closers: (() => Promise<void> | void)[];
  },
): void {
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
  services.set(app, { ranking, samples });
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = ranking.start(onError);
    // In the background: the server listens while the bots replay; the figures follow.
    samples?.start(() => ranking.refresh());
  });
  // First among the closers: the bots' commands need the engine and the store.
  deps.closers.unshift(async () => {
    stop?.();
    await samples?.stop();
  });
}
