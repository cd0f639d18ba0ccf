import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Cluster } from '../../platform/cluster/cluster.module.ts';
import type { UserRecord } from '../users/index.ts';
import type { Feed } from './feed/feed.ts';
import { createSharedFeed } from './feed/shared-feed.ts';
import { createSimulatedFeed } from './feed/simulated-feed.ts';
import { createMarketRepository } from './market.repository.ts';
import { registerMarketRoutes } from './market.routes.ts';
import { createMarketService, type MarketService } from './market.service.ts';
import { createMarketTopics } from './market-topics.ts';
import type { MarketTables } from './tables.ts';

/**
 * Instruments, quotes and candles, fed by the seeded simulator or by a feed the caller drives
 * (tests); the socket's DAY_MARKET and KLINE topics; the market calls.
 */
export const marketModule: AppModule<
  {
    /** The module's own tables: instruments, categories, candles. */
    db: Kysely<MarketTables>;
    /** 'simulated' (the default) or a feed of the caller's. */
    feed: 'simulated' | Feed;
    feedSeed: number;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    now: () => number;
    bus: Bus;
    /** Scale-out: the feed runs while this node holds its lease (platform/cluster). */
    cluster: Pick<Cluster, 'claimFeed'> | undefined;
  },
  { market: MarketService; topics: ReturnType<typeof createMarketTopics> }
> = {
  name: 'market',
  async register(app, deps) {
    const market = createMarketService({
      repository: createMarketRepository(deps.db),
      now: deps.now,
      seed: deps.feedSeed,
      log: app.log,
    });
    await market.init();
    // The simulator continues from the board as it stands when the feed starts.
    const makeFeed = (): Feed =>
      deps.feed === 'simulated'
        ? createSimulatedFeed({
            seed: deps.feedSeed,
            instruments: market.simulatedInstruments(),
            now: deps.now,
          })
        : deps.feed;
    registerMarketRoutes(app, { market, authenticate: deps.authenticate });
    const api = { market, topics: createMarketTopics(market) };
    if (deps.cluster) {
      // Scale-out: the feed runs on the node holding its lease; prices come from the bus.
      const shared = createSharedFeed({ market, bus: deps.bus, makeFeed });
      deps.cluster.claimFeed(shared.role);
      return { api, start: () => shared.start(), stop: () => shared.stop() };
    }
    const feed = makeFeed();
    return {
      api,
      start: () => market.start(feed),
      // Saves the candles that changed last: after the engine stopped, before the store closes.
      stop: () => market.stop(feed),
    };
  },
};
