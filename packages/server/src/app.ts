import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { accountsModule } from './domains/accounts/accounts.module.ts';
import { adminModule } from './domains/admin/admin.module.ts';
import type { BootstrappedOwner } from './domains/admin/owner-banner.ts';
import { companyModule } from './domains/company/company.module.ts';
import { seedDefaultCompanies } from './domains/company/index.ts';
import { complaintsModule } from './domains/complaints/complaints.module.ts';
import { contentModule } from './domains/content/content.module.ts';
import { type CopyingParts, copyingAdminModule, copyingModule } from './domains/copying/index.ts';
import { fundingModule } from './domains/funding/funding.module.ts';
import { seedDefaultChannels } from './domains/funding/index.ts';
import { identityModule } from './domains/identity/identity.module.ts';
import { invitationsModule } from './domains/invitations/invitations.module.ts';
import type { Feed } from './domains/market/feed/feed.ts';
import type { MarketService } from './domains/market/index.ts';
import { marketModule } from './domains/market/market.module.ts';
import { seedCatalogue } from './domains/market/seed-catalogue.ts';
import { type Ranking, rankingModule } from './domains/ranking/ranking.module.ts';
import { settingsModule } from './domains/settings/settings.module.ts';
import { supportModule } from './domains/support/support.module.ts';
import type { TradingService } from './domains/trading/index.ts';
import { tradingModule } from './domains/trading/trading.module.ts';
import { createImageWorkQueue, type ImageWorkQueue } from './domains/uploads/index.ts';
import { uploadsModule } from './domains/uploads/uploads.module.ts';
import { sessionsModule, usersModule } from './domains/users/users.module.ts';
import { type Composition, createComposition } from './platform/app/composition.ts';
import type { AppModule } from './platform/app/module.ts';
import { type Bus, createMemoryBus } from './platform/bus/bus.ts';
import {
  type Cluster,
  clusterModule,
  leaseRoundsModule,
} from './platform/cluster/cluster.module.ts';
import type { AccountsRepository } from './platform/core/accounts.repository.ts';
import { commandCoreModule } from './platform/core/command-core.module.ts';
import type { CommandCore } from './platform/core/command-core.ts';
import type { Outbox } from './platform/core/outbox.ts';
import { databaseModule } from './platform/db/database.module.ts';
import type { Store } from './platform/db/database.ts';
import type { DatabaseHealth } from './platform/db/database-health.ts';
import type { ServerLimits } from './platform/http/framework-errors.ts';
import { healthModule } from './platform/http/health.module.ts';
import { createHttpApp } from './platform/http/http-app.ts';
import { httpEdgeModule } from './platform/http/http-edge.module.ts';
import { securityHeadersModule } from './platform/http/security-headers.module.ts';
import { notifierModule } from './platform/notify/notifier.module.ts';
import type { Notifier } from './platform/notify/notifier.ts';
import { traderNoticesModule } from './platform/notify/trader-notices.module.ts';
import { operatorsModule } from './platform/operators/operators.module.ts';
import { limiterModule } from './platform/rate-limit/limiter.module.ts';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/security/password-hasher.ts';
import { storageModule } from './platform/storage/storage.module.ts';
import type { Storage } from './platform/storage/storage.ts';
import { webModule } from './platform/web/web.module.ts';
import { gatewayModule } from './platform/ws/gateway.module.ts';
import type { Gateway, GatewayOptions } from './platform/ws/gateway.ts';

export interface BuildOptions {
  config: Config;
  /** A store opened by the caller (tests share one per dialect); otherwise one is opened here. */
  store?: Store;
  now?: () => number;
  /** pino options or false; defaults to the configured level. */
  logger?: boolean | { level: string };
  /**
   * Where prices come from: the seeded simulator (default), a feed the caller drives (tests),
   * or 'off' for suites that need no market (it saves generating history).
   */
  market?: 'simulated' | { feed: Feed } | 'off';
  /** Socket tuning (tests shorten the timers). */
  gateway?: Pick<GatewayOptions, 'flushMs' | 'idleMs' | 'maxBufferedBytes' | 'heartbeatMs'>;
  /**
   * The event bus; by default one in this process. Apps given the same bus behave as nodes of
   * one deployment on a shared bus (tests of several nodes on one database).
   */
  bus?: Bus;
  /**
   * The rate limiter; by default in this process's memory, or in Redis when REDIS_URL is set.
   * Apps given limiters over one Redis count as nodes of one deployment.
   */
  limiter?: RateLimiter;
  /** Timeouts and the connection cap of the HTTP server (tests shorten them). */
  limits?: Partial<ServerLimits>;
  /** Where log lines go instead of stdout (tests read what is logged). */
  logStream?: DestinationStream;
  /** Where uploads are kept; by default from the configuration (S3_URL or DATA_DIR/uploads). */
  storage?: Storage;
  /** How codes and notices are sent instead of the configured outbox file or SMTP (tests). */
  notifier?: Notifier;
}

export interface BuiltApp {
  app: FastifyInstance;
  store: Store;
  bus: Bus;
  core: CommandCore;
  market: MarketService | undefined;
  gateway: Gateway | undefined;
  /** The socket's market topics (tests count the board's serializations). */
  marketTopics: { boardSerializations(): number } | undefined;
  trading: TradingService | undefined;
  /** The ranking and its sample traders (tests refresh the figures and await the replay). */
  ranking: Ranking;
  /** Copy trading: the mirror and the copy stop-loss (tests wait for and count them). */
  copying: CopyingParts | undefined;
  hasher: PasswordHasher;
  /** The node's line of picture decoding (uploads and news covers take turns in it). */
  imageWork: ImageWorkQueue;
  /** Removes uploads nobody referenced for a day (also run hourly by a timer). */
  sweepUploads: () => Promise<number>;
  /** Sends the trader notices that are due (also run every few seconds by a timer). */
  deliverNotices: () => Promise<number>;
  /** The owner this start created on an empty database, for the start-up banner. */
  bootstrappedOwner: BootstrappedOwner | undefined;
  /** Shutdown's first step: stop taking requests, let those in flight finish (bounded). */
  drain: (timeoutMs: number) => Promise<number>;
}

/** What every module may use: the store, the bus, the command core and the node's resources. */
interface Platform {
  config: Config;
  now: () => number;
  store: Store;
  db: Store['db'];
  health: DatabaseHealth;
  report: (what: string) => (error: unknown) => void;
  bus: Bus;
  /** Scale-out only: this node's place in the cluster. */
  cluster: Cluster | undefined;
  core: CommandCore;
  outbox: Outbox;
  accountsRepository: AccountsRepository;
  limiter: RateLimiter;
  notifier: Notifier;
  storage: Storage;
  hasher: PasswordHasher;
  imageWork: ImageWorkQueue;
}

/**
 * The composition root: every module of the app, in the order each needs the ones before it.
 * The app starts them in this order and stops them in the reverse one (platform/app): the
 * store is opened first and closed last.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { app, draining } = createHttpApp(options.config, options);
  const root = createComposition(app);
  const platform = await addPlatform(root, options);
  const trader = await addTraderModules(root, platform, options);
  // The leases start once the market and trading can take their roles.
  if (platform.cluster) await root.add(leaseRoundsModule, { keeper: platform.cluster.keeper });
  const office = await addBackOffice(root, platform, trader);
  const { bus, now } = platform;
  const gateway =
    trader.market &&
    trader.trading &&
    (await root.add(gatewayModule, {
      topics: [trader.market.topics.owner, trader.trading.topics, office.support.topic],
      resolveSession: trader.sessions.resolveSocket,
      watchRevocations: (onRevoked) => bus.subscribe('session.revoked', onRevoked),
      now,
      maxSocketsPerAddress: platform.config.maxSocketsPerAddress,
      trustProxy: platform.config.trustProxy,
      ...options.gateway,
    }));
  await root.add(healthModule, {
    ...platform,
    draining,
    role: platform.cluster && {
      node: platform.cluster.nodeId,
      holdings: platform.cluster.keeper.role,
    },
  });
  await root.add(webModule, { ...platform.config, now });
  return {
    app,
    store: platform.store,
    bus,
    core: platform.core,
    market: trader.market?.market,
    gateway,
    marketTopics: trader.market?.topics,
    trading: trader.trading?.trading,
    ranking: trader.ranking,
    copying: trader.copying || undefined,
    hasher: platform.hasher,
    imageWork: platform.imageWork,
    sweepUploads: office.uploads.sweep,
    deliverNotices: office.notices.deliverDue,
    bootstrappedOwner: office.bootstrappedOwner,
    drain: (timeoutMs) => draining.drain(timeoutMs),
  };
}

/** The store, the HTTP edge, the bus and the command core, limits, mail and file storage. */
async function addPlatform(root: Composition, options: BuildOptions): Promise<Platform> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const { store, health, report } = await root.add(databaseModule, {
    config,
    store: options.store,
    seeds: [seedCatalogue, seedDefaultChannels, seedDefaultCompanies],
    now,
  });
  await root.add(httpEdgeModule, { health });
  // Scale-out with DATABASE_URL and REDIS_URL (issue 28): the Redis bus and leased roles.
  const cluster =
    config.cluster && config.redisUrl && store.dialect === 'postgres'
      ? await root.add(clusterModule, {
          cluster: config.cluster,
          redisUrl: config.redisUrl,
          redisPrefix: config.redisPrefix,
          store,
          report,
        })
      : undefined;
  const bus = options.bus ?? cluster?.bus ?? createMemoryBus(report('bus subscriber failed'));
  const onError = report('outbox failed');
  const commands = await root.add(commandCoreModule, { store, bus, now, onError });
  const { redisUrl, redisPrefix } = config;
  const limiter = await root.add(limiterModule, {
    redisUrl,
    redisPrefix,
    given: options.limiter,
    now,
  });
  const notifier = await root.add(notifierModule, { ...config, given: options.notifier, now });
  const storage = await root.add(storageModule, { ...config, given: options.storage });
  return {
    config,
    now,
    store,
    db: store.db,
    health,
    report,
    bus,
    cluster,
    core: commands.core,
    outbox: commands.outbox,
    accountsRepository: commands.accounts,
    limiter,
    notifier,
    storage,
    hasher: createPasswordHasher({ cost: config.passwordHashCost }),
    // Beside the hasher on purpose: both need libuv's thread pool, and the line keeps pictures
    // to one of its threads, so that they never hold the ones a login's scrypt waits for.
    imageWork: createImageWorkQueue(),
  };
}

/** What a trader uses: sessions, settings, accounts, the market, trading and the ranking. */
async function addTraderModules(root: Composition, platform: Platform, options: BuildOptions) {
  const { config, db, core, now, accountsRepository: accounts } = platform;
  const { users, sessions } = await root.add(sessionsModule, platform);
  const { authenticate } = sessions;
  const settings = await root.add(settingsModule, { ...config, db, authenticate });
  const headers = await root.add(securityHeadersModule, {
    serviceLink: async () => (await settings.basicInfo()).service_link,
    now,
  });
  platform.bus.subscribe('settings.changed', () => headers.refresh());
  const { captcha } = await root.add(usersModule, { ...platform, users, sessions, settings });
  const accountsService = await root.add(accountsModule, {
    ...config,
    repository: accounts,
    core,
    authenticate,
  });
  const rules = {
    stopOutLevel: config.stopOutLevel,
    caps: { openOrders: config.maxOpenOrders, pendingOrders: config.maxPendingOrders },
  };
  const feed = options.market ?? 'simulated';
  const market =
    feed === 'off'
      ? undefined
      : await root.add(marketModule, {
          ...platform,
          feed: feed === 'simulated' ? feed : feed.feed,
          feedSeed: config.feedSeed,
          authenticate,
          cluster: platform.cluster,
        });
  const trading =
    market &&
    (await root.add(tradingModule, {
      ...platform,
      ...rules,
      accounts,
      market: market.market,
      authenticate,
      onError: platform.report('trigger command failed'),
      ownership: platform.cluster?.ownership,
      onReconnected: platform.cluster?.onReconnected,
    }));
  const { ranking, copying } = await addSocialModules(root, platform, {
    ...rules,
    users,
    authenticate,
    accountsService,
    market,
    trading,
  });
  const traderModules = {
    ...{ users, sessions, settings, headers, captcha, market, trading, ranking },
    copying,
  };
  return { ...traderModules, accounts: accountsService };
}

/** What a module offers the modules added after it. */
// biome-ignore lint/suspicious/noExplicitAny: any module's deps; only its Api is read.
type ApiOf<M> = M extends AppModule<any, infer Api> ? Api : never;

/** The ranking and copy trading: after trading (copying's rule runs after trading's). */
async function addSocialModules(
  root: Composition,
  platform: Platform,
  deps: {
    stopOutLevel: bigint;
    caps: { openOrders: number; pendingOrders: number };
    users: ApiOf<typeof sessionsModule>['users'];
    authenticate: ApiOf<typeof sessionsModule>['sessions']['authenticate'];
    accountsService: ApiOf<typeof accountsModule>;
    market: ApiOf<typeof marketModule> | undefined;
    trading: ApiOf<typeof tradingModule> | undefined;
  },
) {
  const { config, db, now, accountsRepository: accounts } = platform;
  const { users, authenticate, accountsService, market, trading } = deps;
  const rules = { stopOutLevel: deps.stopOutLevel, caps: deps.caps };
  const ranking = await root.add(rankingModule, {
    db,
    bus: platform.bus,
    now,
    authenticate,
    sampleTraders: config.sampleTraders,
    ownership: platform.cluster?.ownership,
    trading: market &&
      trading && {
        ...rules,
        market: market.market,
        trading: trading.trading,
        accounts,
        outbox: platform.outbox,
        users,
      },
  });
  // After trading (its rule runs after trading's before commit) and only with a market.
  const copying =
    market &&
    trading &&
    (await root.add(copyingModule, {
      ...platform,
      accounts,
      users,
      market: market.market,
      trading: trading.trading,
      accountsService,
      isRanked: (userId: number) => ranking.ranking.leader(userId) !== undefined,
      authenticate,
      onError: platform.report('copy trading failed'),
      ownership: platform.cluster?.ownership,
    }));
  return { ranking, copying };
}

/** The back office and what it decides on: uploads, identity, funding, support, content. */
async function addBackOffice(
  root: Composition,
  platform: Platform,
  trader: Awaited<ReturnType<typeof addTraderModules>>,
) {
  const { config } = platform;
  const { users, sessions, settings } = trader;
  const { authenticate } = sessions;
  // After an operator saved settings: every node reads them again (the order path's fee type,
  // the security headers' service link).
  const onSettingsChanged = () => platform.bus.publish('settings.changed', {});
  const common = { ...platform, users, sessions, settings, authenticate, onSettingsChanged };
  const notices = await root.add(traderNoticesModule, { ...platform, findUser: users.findById });
  const operators = await root.add(operatorsModule, {
    ...platform,
    captcha: trader.captcha,
    requireTwoFactor: config.adminRequireTwoFactor,
  });
  const { auth } = operators;
  const maxBytes = config.uploadMaxBytes;
  const uploads = await root.add(uploadsModule, { ...common, auth, maxBytes });
  const identity = await root.add(identityModule, { ...common, uploads, notices });
  await root.add(companyModule, { ...common, auth });
  const support = await root.add(supportModule, { ...common, auth });
  await root.add(invitationsModule, common);
  await root.add(complaintsModule, { ...common, auth });
  await root.add(copyingAdminModule, { ...common, auth, trading: trader.trading?.trading });
  await root.add(contentModule, { ...common, auth, maxBytes });
  await root.add(fundingModule, { ...common, auth, uploads, notices });
  const { bootstrappedOwner } = await root.add(adminModule, {
    ...common,
    ...identity,
    operators,
    accounts: trader.accounts,
    market: trader.market?.market,
    owner: { email: config.adminEmail, password: config.adminPassword, dataDir: config.dataDir },
  });
  return { notices, uploads, support, bootstrappedOwner };
}
