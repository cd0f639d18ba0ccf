import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { RESULT_CODES } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import secureJson from 'secure-json-parse';
import type { Config } from './config.ts';
import { registerAccountsRoutes } from './domains/accounts/accounts.routes.ts';
import { createAccountsService } from './domains/accounts/accounts.service.ts';
import { registerBackOffice } from './domains/admin/back-office.ts';
import type { BootstrappedOwner } from './domains/admin/owner-banner.ts';
import { seedDefaultCompanies } from './domains/company/default-companies.ts';
import { seedDefaultChannels } from './domains/funding/default-channels.ts';
import type { Feed } from './domains/market/feed/feed.ts';
import { createSimulatedFeed } from './domains/market/feed/simulated-feed.ts';
import { createMarketRepository } from './domains/market/market.repository.ts';
import { registerMarketRoutes } from './domains/market/market.routes.ts';
import { createMarketService, type MarketService } from './domains/market/market.service.ts';
import { createMarketTopics } from './domains/market/market-topics.ts';
import { seedCatalogue } from './domains/market/seed-catalogue.ts';
import { registerRanking } from './domains/ranking/register-ranking.ts';
import { registerSettingsRoutes } from './domains/settings/settings.routes.ts';
import { createSettingsService } from './domains/settings/settings.service.ts';
import { createChatTopic } from './domains/support/chat-topic.ts';
import { createOrdersRepository } from './domains/trading/orders.repository.ts';
import { registerTradingRoutes } from './domains/trading/trading.routes.ts';
import { createTradingService, type TradingService } from './domains/trading/trading.service.ts';
import { createTradingTopics } from './domains/trading/trading-topics.ts';
import { createImageWorkQueue, type ImageWorkQueue } from './domains/uploads/image-work-queue.ts';
import { createCaptchaService } from './domains/users/captcha.service.ts';
import { createCodesService } from './domains/users/codes.service.ts';
import { createContactResolver } from './domains/users/contact-resolver.ts';
import { createPasswordsService } from './domains/users/passwords.service.ts';
import { createSessionsRepository } from './domains/users/sessions.repository.ts';
import { createSessionsService } from './domains/users/sessions.service.ts';
import { createUsersRepository } from './domains/users/users.repository.ts';
import { registerUsersRoutes } from './domains/users/users.routes.ts';
import { createUsersService } from './domains/users/users.service.ts';
import { type Bus, createMemoryBus } from './platform/bus/bus.ts';
import { createAccountsRepository } from './platform/core/accounts.repository.ts';
import { type CommandCore, createCommandCore } from './platform/core/command-core.ts';
import { createOutbox } from './platform/core/outbox.ts';
import { openStore, type Store, waitForDatabase } from './platform/db/database.ts';
import { createDatabaseHealth } from './platform/db/database-health.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { seed } from './platform/db/seed.ts';
import { buildOpenApiDocument } from './platform/docs/openapi.ts';
import { COMPRESSION } from './platform/http/compression.ts';
import { installDraining } from './platform/http/draining.ts';
import { languageOf } from './platform/http/endpoint.ts';
import { installErrorHandling } from './platform/http/error-handler.ts';
import {
  capConnections,
  edgeOptions,
  LOG_REDACTION,
  type ServerLimits,
} from './platform/http/framework-errors.ts';
import { ApiRequestLogController } from './platform/http/request-logging.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { registerMetricsRoute } from './platform/metrics/metrics.routes.ts';
import { metrics } from './platform/metrics/metrics.ts';
import type { Notifier } from './platform/notify/notifier.ts';
import { createOutboxNotifier } from './platform/notify/outbox-notifier.ts';
import { createSmtpNotifier, routeByChannel } from './platform/notify/smtp-notifier.ts';
import { createMemoryRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import {
  createResilientRateLimiter,
  LIMITER_REDIS_OPTIONS,
  type LimiterLog,
} from './platform/rate-limit/resilient-rate-limiter.ts';
import { createPasswordHasher, type PasswordHasher } from './platform/security/password-hasher.ts';
import type { Storage } from './platform/storage/storage.ts';
import { registerStaticAdmin, registerStaticWeb } from './platform/web/static-web.ts';
import { createGateway, type Gateway, type GatewayOptions } from './platform/ws/gateway.ts';

const PROTOTYPE_POISONING = { protoAction: 'error', constructorAction: 'error' } as const;

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
  marketTopics: ReturnType<typeof createMarketTopics> | undefined;
  trading: TradingService | undefined;
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

/**
 * Tolerates an empty JSON body (SPEC.md's client posts some calls with no payload) and
 * refuses prototype keys (`__proto__`, `constructor.prototype`) the way Fastify's own parser
 * does, through the same library: a body carrying them is malformed, not merged.
 */
function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1_048_576 },
    (_req, body, done) => {
      const text = String(body).trim();
      if (text === '') return done(null, {});
      try {
        done(null, secureJson.parse(text, undefined, PROTOTYPE_POISONING));
      } catch {
        const error = Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });
        done(error, undefined);
      }
    },
  );
}

/**
 * Limits shared by every node through Redis when REDIS_URL is set, else in this process.
 * While Redis does not answer, each node counts in its own memory: logins keep working and
 * guessing stays bounded per node (resilient-rate-limiter.ts).
 */
function openLimiter(
  config: Config,
  now: () => number,
  closers: (() => Promise<void> | void)[],
  log: LimiterLog,
): RateLimiter {
  if (!config.redisUrl) return createMemoryRateLimiter(now);
  const limiter = createResilientRateLimiter({
    redis: new Redis(config.redisUrl, LIMITER_REDIS_OPTIONS),
    fallback: createMemoryRateLimiter(now),
    log,
    metrics,
  });
  closers.push(() => limiter.close());
  return limiter;
}

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            ...LOG_REDACTION,
            ...(options.logStream && { stream: options.logStream }),
          },
    logController: new ApiRequestLogController(),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    ...edgeOptions(options.limits),
    // Draining answers late arrivals in the envelope (Fastify's own 503 body is not one).
    return503OnClosing: false,
  });
  const draining = installDraining(app);
  capConnections(app, options.limits);
  const ownsStore = !options.store;
  const store = options.store ?? openStore(config);
  // Shutdown runs in this order, in one hook: what closes first may still need what closes later.
  const closers: (() => Promise<void> | void)[] = [];
  app.addHook('onClose', async () => {
    for (const close of closers) await close();
  });
  const health = createDatabaseHealth({ store, log: app.log, now });
  /** Reports a background failure; a database outage is counted, not logged each time. */
  const report = (what: string) => (error: unknown) => {
    if (!health.noteError(error)) app.log.error({ err: error }, what);
  };
  await waitForDatabase(store, {
    timeoutMs: config.databaseWaitMs,
    log: (message) => app.log.warn(message),
  });
  await migrateToLatest(store);
  await seed(store, [seedCatalogue, seedDefaultChannels, seedDefaultCompanies]);

  installJsonParser(app);
  await app.register(formbody);
  await app.register(compress, COMPRESSION);
  installErrorHandling(app, { health });

  const bus = options.bus ?? createMemoryBus(report('bus subscriber failed'));
  const commitOutbox = createOutbox({
    db: store.db,
    bus,
    now,
    onError: report('outbox failed'),
  });
  app.addHook('onReady', async () => {
    commitOutbox.start();
    await commitOutbox.sweep();
  });
  const limiter = options.limiter ?? openLimiter(config, now, closers, app.log);
  const outbox = createOutboxNotifier({ outboxPath: config.outboxPath, log: app.log, now });
  let notifier: Notifier = options.notifier ?? outbox;
  if (config.smtpUrl && !options.notifier) {
    const smtp = createSmtpNotifier({ smtpUrl: config.smtpUrl, from: config.smtpFrom });
    closers.push(() => smtp.close());
    notifier = routeByChannel({ email: smtp, sms: outbox });
  }

  const settings = createSettingsService({
    db: store.db,
    demoStartBalance: config.demoStartBalance,
  });
  const usersRepo = createUsersRepository(store.db);
  const sessions = createSessionsService({
    sessions: createSessionsRepository(store.db),
    users: usersRepo,
    bus,
    now,
  });
  const codes = createCodesService({ db: store.db, notifier, limiter, now });
  const captcha = createCaptchaService({ db: store.db, limiter, now });
  const contacts = createContactResolver({ settings, users: usersRepo });
  const hasher = createPasswordHasher({ cost: config.passwordHashCost });
  // Beside the hasher on purpose: both need libuv's thread pool, and the line keeps pictures
  // to one of its threads, so that they never hold the ones a login's scrypt waits for.
  const imageWork = createImageWorkQueue();
  const common = {
    db: store.db,
    users: usersRepo,
    sessions,
    codes,
    contacts,
    limiter,
    hasher,
  };
  const users = createUsersService({ ...common, captcha, settings, now });
  const passwords = createPasswordsService(common);

  const securityHeaders = await installSecurityHeaders(app, {
    serviceLink: async () => (await settings.basicInfo()).service_link,
    now,
  });
  registerSettingsRoutes(app, { settings, authenticate: sessions.authenticate });

  const accountsRepository = createAccountsRepository(store.db, {
    lockRows: store.dialect === 'postgres',
  });
  const core = createCommandCore({
    db: store.db,
    accounts: accountsRepository,
    outbox: commitOutbox,
    now,
  });
  const accounts = createAccountsService({
    repository: accountsRepository,
    core,
    demoStartBalance: config.demoStartBalance,
  });

  let market: MarketService | undefined;
  let gateway: Gateway | undefined;
  let marketTopics: ReturnType<typeof createMarketTopics> | undefined;
  let trading: TradingService | undefined;
  const marketOption = options.market ?? 'simulated';
  if (marketOption !== 'off') {
    market = createMarketService({
      repository: createMarketRepository(store.db),
      now,
      seed: config.feedSeed,
      log: app.log,
    });
    await market.init();
    const feed =
      marketOption === 'simulated'
        ? createSimulatedFeed({
            seed: config.feedSeed,
            instruments: market.simulatedInstruments(),
            now,
          })
        : marketOption.feed;
    trading = createTradingService({
      db: store.db,
      core,
      bus,
      orders: createOrdersRepository(store.db),
      accounts: accountsRepository,
      market,
      feeType: settings.tradeFeeType,
      stopOutLevel: config.stopOutLevel,
      caps: { openOrders: config.maxOpenOrders, pendingOrders: config.maxPendingOrders },
      onError: report('trigger command failed'),
    });
    const started = market;
    marketTopics = createMarketTopics(market);
    const socket = createGateway(app, {
      topics: [
        marketTopics.owner,
        createTradingTopics({ bus, market, load: trading.snapshots.load, now }),
        createChatTopic(bus),
      ],
      resolveSession: async (token) => {
        const session = await sessions.resolve(token);
        return (
          session && {
            userId: session.user.id,
            tokenHash: session.tokenHash,
            expiresAt: session.expiresAt,
          }
        );
      },
      watchRevocations: (onRevoked) => bus.subscribe('session.revoked', onRevoked),
      now,
      ...options.gateway,
    });
    gateway = socket;
    app.addHook('onReady', async () => {
      started.start(feed);
      socket.start();
    });
    // Before the HTTP server closes: it waits for every connection, upgraded sockets too.
    app.addHook('preClose', async () => socket.stop());
    closers.unshift(() => started.stop(feed));
    registerMarketRoutes(app, { market, authenticate: sessions.authenticate });
    registerTradingRoutes(app, { trading, market, authenticate: sessions.authenticate });
    const engine = trading;
    let stopWatching: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopWatching = await engine.start();
    });
    closers.unshift(async () => {
      stopWatching?.();
      await engine.idle();
    });
  }
  registerAccountsRoutes(app, { accounts, authenticate: sessions.authenticate });
  registerRanking(app, {
    db: store.db,
    now,
    authenticate: sessions.authenticate,
    sampleTraders: config.sampleTraders,
    closers,
    trading: market &&
      trading && {
        market,
        trading,
        accounts: accountsRepository,
        outbox: commitOutbox,
        users: usersRepo,
        feeType: settings.tradeFeeType,
        stopOutLevel: config.stopOutLevel,
        caps: { openOrders: config.maxOpenOrders, pendingOrders: config.maxPendingOrders },
      },
  });

  const { sweepUploads, deliverNotices, bootstrappedOwner } = await registerBackOffice(app, {
    config,
    db: store.db,
    storage: options.storage,
    users: usersRepo,
    sessions,
    accounts,
    core,
    settings,
    market,
    hasher,
    imageWork,
    limiter,
    captcha,
    bus,
    notifier,
    now,
    closers,
    onSettingsChanged: () => securityHeaders.refresh(),
  });
  registerUsersRoutes(app, { users, passwords, sessions, codes, captcha, contacts, limiter });

  // A commit proves writes work again (a full disk freed) before the next health check asks.
  bus.subscribe('account.committed', () => health.noteWrite());
  /**
   * For a load balancer and an operator: 200 while the node serves; 503 in the envelope, with
   * what is wrong, while the database is out of reach or refuses writes.
   */
  app.get('/health', async (request, reply) => {
    const condition = await health.check();
    if (draining.draining)
      return reply.status(503).send({
        code: RESULT_CODES.SHUTTING_DOWN.code,
        msg: translateMessage(languageOf(request), RESULT_CODES.SHUTTING_DOWN.key),
        data: { status: 'shutting down', database: store.dialect },
      });
    if (condition === 'ok')
      return { code: 1, msg: 'ok', data: { status: 'ok', database: store.dialect } };
    const result =
      condition === 'unavailable' ? RESULT_CODES.DATABASE_UNAVAILABLE : RESULT_CODES.CANNOT_SAVE;
    return reply.status(503).send({
      code: result.code,
      msg: translateMessage(languageOf(request), result.key),
      data: {
        status: condition === 'unavailable' ? 'database unavailable' : 'database refuses writes',
        database: store.dialect,
      },
    });
  });
  registerMetricsRoute(app, { token: config.metricsToken });

  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument() as never },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await registerStaticAdmin(app, config.adminDist);
  await registerStaticWeb(app, config.webDist, now);
  // After the engine (it may still commit), then the store last: what closes before it still
  // needs it (the market saving candles, the outbox deleting published rows).
  closers.push(() => commitOutbox.stop());
  if (ownsStore) closers.push(() => store.destroy());

  return {
    app,
    store,
    bus,
    core,
    market,
    gateway,
    marketTopics,
    trading,
    hasher,
    imageWork,
    sweepUploads,
    deliverNotices,
    bootstrappedOwner,
    drain: (timeoutMs) => draining.drain(timeoutMs),
  };
}
