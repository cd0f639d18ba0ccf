import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { accountsModule } from './domains/accounts/accounts.module.ts';
import { adminModule } from './domains/admin/admin.module.ts';
import type { BootstrappedOwner } from './domains/admin/owner-banner.ts';
import { alertsModule } from './domains/alerts/index.ts';
import { companyModule } from './domains/company/company.module.ts';
import { seedDefaultCompanies } from './domains/company/index.ts';
import { complaintsModule } from './domains/complaints/complaints.module.ts';
import { contentModule } from './domains/content/content.module.ts';
import { copyingAdminModule, copyingModule, createCopyingReads } from './domains/copying/index.ts';
import { fundingModule } from './domains/funding/funding.module.ts';
import { seedDefaultChannels, withdrawalPaidTimes } from './domains/funding/index.ts';
import { identityModule } from './domains/identity/identity.module.ts';
import { invitationsModule } from './domains/invitations/invitations.module.ts';
import type { Feed } from './domains/market/feed/feed.ts';
import { createMarketRepository } from './domains/market/index.ts';
import { marketModule } from './domains/market/market.module.ts';
import { seedCatalogue } from './domains/market/seed-catalogue.ts';
import { notificationsModule } from './domains/notifications/index.ts';
import { rankingModule } from './domains/ranking/ranking.module.ts';
import { seedAreas } from './domains/settings/index.ts';
import { settingsModule } from './domains/settings/settings.module.ts';
import { supportModule } from './domains/support/support.module.ts';
import { createOrderReads, createOrdersRepository } from './domains/trading/index.ts';
import { tradingModule } from './domains/trading/trading.module.ts';
import type { ImageWorkQueue } from './domains/uploads/index.ts';
import { uploadsModule } from './domains/uploads/uploads.module.ts';
import { createUserDirectory, createUsersRepository } from './domains/users/index.ts';
import { sessionsModule, usersModule } from './domains/users/users.module.ts';
import { nodeResourcesModule } from './node-resources.module.ts';
import { type Composition, createComposition } from './platform/app/composition.ts';
import type { Bus } from './platform/bus/bus.ts';
import {
  type Cluster,
  clusterModule,
  leaseRoundsModule,
} from './platform/cluster/cluster.module.ts';
import type { AccountReads, AccountsOn } from './platform/core/accounts.repository.ts';
import { commandCoreModule } from './platform/core/command-core.module.ts';
import { type CommandCore, createCommandCore } from './platform/core/command-core.ts';
import type { LedgerPages } from './platform/core/ledger-pages.ts';
import { createLedgerReads } from './platform/core/ledger-reads.ts';
import type { Outbox } from './platform/core/outbox.ts';
import { databaseModule } from './platform/db/database.module.ts';
import type { Store } from './platform/db/database.ts';
import type { DatabaseHealth } from './platform/db/database-health.ts';
import { createReadSnapshot } from './platform/db/read-snapshot.ts';
import { createSettingsStore } from './platform/db/settings-store.ts';
import { createTransact, type Transact } from './platform/db/transaction-scope.ts';
import type { Draining } from './platform/http/draining.ts';
import type { ServerLimits } from './platform/http/framework-errors.ts';
import { healthModule } from './platform/http/health.module.ts';
import { createHttpApp } from './platform/http/http-app.ts';
import { httpEdgeModule } from './platform/http/http-edge.module.ts';
import { securityHeadersModule } from './platform/http/security-headers.module.ts';
import type { PhaseTrace } from './platform/metrics/phase-trace.ts';
import { notifierModule } from './platform/notify/notifier.module.ts';
import type { Notifier } from './platform/notify/notifier.ts';
import { traderNoticesModule } from './platform/notify/trader-notices.module.ts';
import type { AdminAuth } from './platform/operators/admin-auth.service.ts';
import { type Operators, operatorsModule } from './platform/operators/operators.module.ts';
import { limiterModule } from './platform/rate-limit/limiter.module.ts';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from './platform/security/password-hasher.ts';
import { storageModule } from './platform/storage/storage.module.ts';
import type { Storage } from './platform/storage/storage.ts';
import { webModule } from './platform/web/web.module.ts';
import { gatewayModule } from './platform/ws/gateway.module.ts';
import type { GatewayOptions } from './platform/ws/gateway.ts';

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
  /** Traces each request's phases and hands each finished trace here (the orders bench). */
  phaseTraces?: (trace: PhaseTrace) => void;
  /** Where log lines go instead of stdout (tests read what is logged). */
  logStream?: DestinationStream;
  /** Where uploads are kept; by default from the configuration (S3_URL or DATA_DIR/uploads). */
  storage?: Storage;
  /** How codes and notices are sent instead of the configured outbox file or SMTP (tests). */
  notifier?: Notifier;
}

/** What the built app offers its caller: the server, its shutdown, and each module's API. */
export interface BuiltApp {
  app: FastifyInstance;
  /** What an added module offers (undefined for one this app left out): tests and tools ask. */
  apiOf: Composition['apiOf'];
  /** The owner this start created on an empty database, for the start-up banner. */
  bootstrappedOwner: BootstrappedOwner | undefined;
  /** Shutdown's first step: stop taking requests, let those in flight finish (bounded). */
  drain: (timeoutMs: number) => Promise<number>;
}

/** What the platform's modules gave: every later module takes what it needs from here. */
interface Platform {
  config: Config;
  now: () => number;
  store: Store;
  db: Store['db'];
  /** Transactions across modules outside account commands, each module in its own tables. */
  transact: Transact;
  report: (what: string) => (error: unknown) => void;
  bus: Bus;
  /** Scale-out only: this node's place in the cluster. */
  cluster: Cluster | undefined;
  core: CommandCore;
  outbox: Outbox;
  /** The accounts as they stand, and on a transaction (the command core's). */
  accounts: AccountReads;
  accountsOn: AccountsOn;
  ledger: LedgerPages;
  limiter: RateLimiter;
  notifier: Notifier;
  storage: Storage;
  hasher: PasswordHasher;
  imageWork: ImageWorkQueue;
  health: DatabaseHealth;
}

/**
 * The composition root: every module of the app, in the order each needs the ones before it,
 * each given exactly what it uses (docs/architecture.md lists them from this file, checked by
 * app-modules.test.ts). The app starts them in this order and stops them in the reverse one
 * (platform/app): the store is opened first and closed last.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { app, draining } = createHttpApp(options.config, options);
  const root = createComposition(app);
  const platform = await addPlatform(root, options);
  const trader = await addTraderModules(root, platform);
  const markets = await addMarkets(root, platform, trader, options);
  await addSocialModules(root, platform, trader, markets);
  await addNotifications(root, platform, trader, markets);
  // The leases start once the market and trading can take their roles.
  if (platform.cluster) await root.add(leaseRoundsModule, { keeper: platform.cluster.keeper });
  const office = await addBackOffice(root, platform, trader, markets);
  await addEdge(root, platform, { trader, markets, office, draining, tuning: options.gateway });
  return {
    app,
    apiOf: root.apiOf,
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
    seeds: [seedAreas, seedCatalogue, seedDefaultChannels, seedDefaultCompanies],
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
  const { bus, hasher, imageWork } = await root.add(nodeResourcesModule, {
    givenBus: options.bus,
    clusterBus: cluster?.bus,
    passwordHashCost: config.passwordHashCost,
    onBusError: report('bus subscriber failed'),
  });
  const { core, outbox, accounts, accountsOn, ledger } = await root.add(commandCoreModule, {
    store,
    bus,
    now,
    onError: report('outbox failed'),
  });
  const limiter = await root.add(limiterModule, {
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    given: options.limiter,
    now,
  });
  const notifier = await root.add(notifierModule, {
    outboxPath: config.outboxPath,
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
    given: options.notifier,
    now,
  });
  const storage = await root.add(storageModule, {
    s3Url: config.s3Url,
    uploadsDir: config.uploadsDir,
    given: options.storage,
  });
  const platform = { config, now, store, db: store.db, report, bus, cluster, core, outbox };
  const transact = createTransact(store.db);
  return {
    ...platform,
    transact,
    accounts,
    accountsOn,
    ledger,
    limiter,
    notifier,
    storage,
    hasher,
    imageWork,
    health,
  };
}

/** What a trader uses first: sessions, settings and their headers, sign-up, the account. */
async function addTraderModules(root: Composition, platform: Platform) {
  const { config, db, core, now, bus } = platform;
  const { users, sessions } = await root.add(sessionsModule, { db, bus, now });
  const { authenticate } = sessions;
  const settings = await root.add(settingsModule, {
    db,
    store: createSettingsStore(db),
    demoStartBalance: config.demoStartBalance,
    withdrawals: config.withdrawals,
    authenticate,
  });
  const headers = await root.add(securityHeadersModule, {
    serviceLink: async () => (await settings.basicInfo()).service_link,
    now,
  });
  bus.subscribe('settings.changed', () => headers.refresh());
  const { captcha } = await root.add(usersModule, {
    db,
    users,
    sessions,
    settings,
    notifier: platform.notifier,
    limiter: platform.limiter,
    hasher: platform.hasher,
    now,
  });
  const accounts = await root.add(accountsModule, {
    accounts: platform.accounts,
    ledger: platform.ledger,
    core,
    demoStartBalance: config.demoStartBalance,
    authenticate,
  });
  return { users, sessions, authenticate, settings, captcha, accounts };
}

type TraderModules = Awaited<ReturnType<typeof addTraderModules>>;

/** The market and trading on it; none on suites that run without a market. */
async function addMarkets(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
  options: BuildOptions,
) {
  const { config, db, now, bus, cluster } = platform;
  const rules = {
    stopOutLevel: config.stopOutLevel,
    marginCallLevel: config.marginCallLevel,
    caps: { openOrders: config.maxOpenOrders, pendingOrders: config.maxPendingOrders },
  };
  const feed = options.market ?? 'simulated';
  if (feed === 'off') return { rules, market: undefined, trading: undefined, alerts: undefined };
  const market = await root.add(marketModule, {
    db,
    feed: feed === 'simulated' ? feed : feed.feed,
    feedSeed: config.feedSeed,
    authenticate: trader.authenticate,
    now,
    bus,
    cluster,
  });
  const trading = await root.add(tradingModule, {
    db,
    transact: platform.transact,
    readSnapshot: createReadSnapshot(db),
    core: platform.core,
    bus,
    accounts: platform.accounts,
    accountsOn: platform.accountsOn,
    market: market.market,
    stopOutLevel: rules.stopOutLevel,
    marginCallLevel: rules.marginCallLevel,
    caps: rules.caps,
    authenticate: trader.authenticate,
    onError: platform.report('trigger command failed'),
    now,
    ownership: cluster?.ownership,
    onReconnected: cluster?.onReconnected,
  });
  const alerts = await root.add(alertsModule, {
    db,
    core: platform.core,
    bus,
    market: market.market,
    authenticate: trader.authenticate,
    onError: platform.report('alert command failed'),
    ownership: cluster?.ownership,
    now,
  });
  return { rules, market, trading, alerts };
}

type Markets = Awaited<ReturnType<typeof addMarkets>>;

/** The ranking and copy trading: after trading (copying's rule runs after trading's). */
async function addSocialModules(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
  markets: Markets,
) {
  const { config, db, now, bus, cluster } = platform;
  const { market, trading, rules } = markets;
  const orders = createOrdersRepository(db);
  const ranking = await root.add(rankingModule, {
    db,
    // The ranking is a read model over its owners' public reads (issue 38).
    sources: {
      users: createUserDirectory(db),
      orders: createOrderReads(db),
      copying: createCopyingReads(db),
      market: createMarketRepository(db),
      ledger: createLedgerReads(db),
    },
    snapshot: createReadSnapshot(db),
    bus,
    now,
    authenticate: trader.authenticate,
    sampleTraders: config.sampleTraders,
    ownership: cluster?.ownership,
    trading: market &&
      trading && {
        market: market.market,
        trading: trading.trading,
        orders,
        users: trader.users,
        transact: platform.transact,
        // The bots' replay runs the commands on its own clock.
        replayCore: (clock: () => number) =>
          createCommandCore({
            db,
            accountsOn: platform.accountsOn,
            outbox: platform.outbox,
            now: clock,
          }),
        stopOutLevel: rules.stopOutLevel,
        caps: rules.caps,
      },
  });
  // After trading (its rule runs after trading's before commit) and only with a market.
  const copying =
    market &&
    trading &&
    (await root.add(copyingModule, {
      db,
      transact: platform.transact,
      core: platform.core,
      bus,
      accountsOn: platform.accountsOn,
      users: trader.users,
      orders,
      market: market.market,
      trading: trading.trading,
      accountsService: trader.accounts,
      isRanked: (userId: number) => ranking.ranking.leader(userId) !== undefined,
      authenticate: trader.authenticate,
      onError: platform.report('copy trading failed'),
      now,
      ownership: cluster?.ownership,
    }));
  return { ranking, copying };
}

/**
 * Notices to traders and where they reach them (issue 41): the outbox that sends them, and
 * the rule that records what accounts' commands tell of — after trading's and copying's
 * rules, so that what theirs add before commit is told too.
 */
async function addNotifications(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
  markets: Markets,
) {
  const { config, db, now, bus, core } = platform;
  const notices = await root.add(traderNoticesModule, {
    db,
    notifier: platform.notifier,
    findUser: trader.users.findById,
    now,
  });
  await root.add(notificationsModule, {
    db,
    core,
    bus,
    notices,
    market: markets.market?.market,
    authenticate: trader.authenticate,
    usersOn: createUsersRepository,
    pushSubject: config.pushSubject,
    pushServiceOrigins: config.pushServiceOrigins,
    pushCaFile: config.pushCaFile,
    now,
  });
}

/** Who decides in the back office, and what traders hand in for them to decide on. */
async function addOperatorsAndUploads(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
) {
  const { config, db, now, limiter, hasher, storage, imageWork } = platform;
  const { users, authenticate } = trader;
  const notices = root.apiOf(traderNoticesModule);
  const operators = await root.add(operatorsModule, {
    db,
    hasher,
    limiter,
    captcha: trader.captcha,
    requireTwoFactor: config.adminRequireTwoFactor,
    traderUids: users.uidsOf,
    now,
  });
  const { auth } = operators;
  const uploads = await root.add(uploadsModule, {
    db,
    storage,
    limiter,
    imageWork,
    auth,
    authenticate,
    maxBytes: config.uploadMaxBytes,
    now,
  });
  const identity = await root.add(identityModule, {
    db,
    transact: platform.transact,
    uploads,
    users,
    notices,
    authenticate,
    now,
  });
  return { notices, operators, auth, uploads, identity };
}

/** Copy trading in the back office: its leaders and their copies, signals set aside. */
async function addCopyingAdmin(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
  markets: Markets,
  auth: AdminAuth,
) {
  const { db } = platform;
  const ranking = root.apiOf(rankingModule);
  await root.add(copyingAdminModule, {
    db,
    transact: platform.transact,
    bus: platform.bus,
    users: trader.users,
    accountsRepository: platform.accounts,
    orders: createOrdersRepository(db),
    instruments: createMarketRepository(db),
    sampleTradersAmong: async (ids: readonly number[]) =>
      (await ranking?.sampleTradersAmong(ids)) ?? new Set<number>(),
    auth,
    trading: markets.trading?.trading,
    now: platform.now,
  });
}

/** The desks of the back office beside the decisions: companies, support, invitations, complaints. */
async function addDesks(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
  office: {
    auth: AdminAuth;
    operators: Operators;
    identity: Awaited<ReturnType<typeof addOperatorsAndUploads>>['identity'];
    onSettingsChanged: () => Promise<void>;
  },
) {
  const { config, db, now, bus, limiter } = platform;
  const { users, sessions, settings, authenticate } = trader;
  const { auth, operators, identity, onSettingsChanged } = office;
  const { transact } = platform;
  await root.add(companyModule, {
    db,
    transact,
    settings,
    onSettingsChanged,
    auth,
    authenticate,
    now,
  });
  const support = await root.add(supportModule, {
    db,
    transact,
    bus,
    users,
    sessions,
    auth,
    limiter,
    now,
    config,
  });
  await root.add(invitationsModule, {
    users,
    settings,
    identities: identity.identities,
    authenticate,
  });
  await root.add(complaintsModule, {
    db,
    transact,
    users,
    operators: operators.repository,
    settings,
    auth,
    authenticate,
    limiter,
    notifier: platform.notifier,
    now,
  });
  return support;
}

/** The back office and what it decides on: identity, funding, support, content, copying. */
async function addBackOffice(
  root: Composition,
  platform: Platform,
  trader: TraderModules,
  markets: Markets,
) {
  const { config, db, now, bus, limiter, hasher, storage, imageWork } = platform;
  const { users, sessions, settings, authenticate } = trader;
  const { notices, operators, auth, uploads, identity } = await addOperatorsAndUploads(
    root,
    platform,
    trader,
  );
  const maxBytes = config.uploadMaxBytes;
  // After an operator saved settings: every node reads them again (the order path's fee type,
  // the security headers' service link).
  const onSettingsChanged = () => bus.publish('settings.changed', {});
  const support = await addDesks(root, platform, trader, {
    auth,
    operators,
    identity,
    onSettingsChanged,
  });
  const { transact } = platform;
  await addCopyingAdmin(root, platform, trader, markets, auth);
  await root.add(contentModule, {
    db,
    transact,
    storage,
    auth,
    authenticate,
    maxBytes,
    imageWork,
    now,
  });
  const funding = await root.add(fundingModule, {
    config,
    db,
    transact: platform.transact,
    core: platform.core,
    bus,
    uploads,
    users,
    sessions,
    auth,
    notices,
    hasher,
    limiter,
    now,
  });
  const { bootstrappedOwner } = await root.add(adminModule, {
    transact,
    operators,
    users,
    sessions,
    accounts: trader.accounts,
    identity: identity.identity,
    identities: identity.identities,
    orders: createOrdersRepository(db),
    withdrawalPaidTimes: (ids) => withdrawalPaidTimes(db, ids),
    settings,
    market: markets.market?.market,
    hasher,
    owner: { email: config.adminEmail, password: config.adminPassword, dataDir: config.dataDir },
    onSettingsChanged,
    now,
  });
  return { support, funding, bootstrappedOwner };
}

/** The socket gateway over the domains' topics, then health and the web apps. */
async function addEdge(
  root: Composition,
  platform: Platform,
  parts: {
    trader: TraderModules;
    markets: Markets;
    office: Awaited<ReturnType<typeof addBackOffice>>;
    draining: Draining;
    tuning: BuildOptions['gateway'];
  },
) {
  const { config, bus, now, cluster } = platform;
  const { trader, markets, office } = parts;
  if (markets.market && markets.trading)
    await root.add(gatewayModule, {
      topics: [
        markets.market.topics.owner,
        markets.trading.topics,
        ...(markets.alerts ? [markets.alerts.topic] : []),
        office.support.topic,
        office.funding.topic,
      ],
      resolveSession: trader.sessions.resolveSocket,
      watchRevocations: (onRevoked) => bus.subscribe('session.revoked', onRevoked),
      now,
      maxSocketsPerAddress: config.maxSocketsPerAddress,
      trustProxy: config.trustProxy,
      flushMs: parts.tuning?.flushMs,
      idleMs: parts.tuning?.idleMs,
      maxBufferedBytes: parts.tuning?.maxBufferedBytes,
      heartbeatMs: parts.tuning?.heartbeatMs,
    });
  await root.add(healthModule, {
    store: platform.store,
    health: platform.health,
    draining: parts.draining,
    bus,
    role: cluster && { node: cluster.nodeId, holdings: cluster.keeper.role },
  });
  await root.add(webModule, {
    metricsToken: config.metricsToken,
    adminDist: config.adminDist,
    webDist: config.webDist,
    now,
  });
}
