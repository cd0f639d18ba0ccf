import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import { createTraderNotices } from '../../platform/notify/trader-notices.ts';
import { createAdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { createOperatorSessions } from '../../platform/operators/operator-sessions.ts';
import { createOperatorsRepository } from '../../platform/operators/operators.repository.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import { openStorage } from '../../platform/storage/open-storage.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createCompanyService, registerCompanyRoutes } from '../company/index.ts';
import { registerAccountPages } from '../complaints/index.ts';
import { registerContent } from '../content/index.ts';
import { registerFunding } from '../funding/index.ts';
import {
  createIdentitiesRepository,
  createIdentityService,
  registerIdentityRoutes,
} from '../identity/index.ts';
import type { MarketService } from '../market/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { registerSupport } from '../support/index.ts';
import { createOrdersRepository, toWireOrder } from '../trading/index.ts';
import {
  createUploadsService,
  type ImageWorkQueue,
  registerUploadsRoutes,
} from '../uploads/index.ts';
import type { CaptchaService, SessionsService, UsersRepository } from '../users/index.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import { writeBootstrapCredentials } from './bootstrap-credentials.ts';
import { createOperatorsService } from './operators.service.ts';
import type { BootstrappedOwner } from './owner-banner.ts';

/** How often each node sweeps unreferenced uploads; the sweep is safe on several at once. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface BackOfficeDeps {
  config: Config;
  db: Kysely<Database>;
  /** A storage of the caller's; otherwise the configured one (S3_URL or DATA_DIR/uploads). */
  storage: Storage | undefined;
  users: UsersRepository;
  sessions: SessionsService;
  accounts: AccountsService;
  core: CommandCore;
  settings: SettingsService;
  /** Absent where the market is not run: live orders then show as none. */
  market: MarketService | undefined;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  /** The node's one line of picture decoding: traders' uploads and news covers take turns. */
  imageWork: ImageWorkQueue;
  /** The traders' captchas: operator logins ask for one after repeated failures. */
  captcha: CaptchaService;
  /** The event bus: support chat messages reach the traders' sockets through it. */
  bus: Bus;
  notifier: Notifier;
  now: () => number;
  /** The app's shutdown steps, run in order before the store closes. */
  closers: (() => Promise<void> | void)[];
  onSettingsChanged: () => void;
}

/**
 * Private uploads, identity verification, funding and the operators' back office: their services,
 * routes, the bootstrap owner and the hourly sweep of unreferenced uploads.
 */
export async function registerBackOffice(
  app: FastifyInstance,
  deps: BackOfficeDeps,
): Promise<{
  sweepUploads: () => Promise<number>;
  deliverNotices: () => Promise<number>;
  bootstrappedOwner: BootstrappedOwner | undefined;
}> {
  const { config, db, now } = deps;
  const storage =
    deps.storage ?? openStorage({ s3Url: config.s3Url, uploadsDir: config.uploadsDir });
  if (!deps.storage) deps.closers.push(() => storage.close());
  const uploads = createUploadsService({
    db,
    storage,
    limiter: deps.limiter,
    imageWork: deps.imageWork,
    now,
  });
  const identities = createIdentitiesRepository(db);
  const notices = createTraderNotices({
    db,
    notifier: deps.notifier,
    findUser: deps.users.findById,
    now,
    log: app.log,
  });
  const identity = createIdentityService({
    db,
    identities,
    uploads,
    users: deps.users,
    notices,
    now,
  });
  const operatorsRepository = createOperatorsRepository(db);
  const operatorSessions = createOperatorSessions({ db, now });
  const auth = createAdminAuth({
    db,
    operators: operatorsRepository,
    sessions: operatorSessions,
    hasher: deps.hasher,
    limiter: deps.limiter,
    captcha: deps.captcha,
    now,
    requireTwoFactor: config.adminRequireTwoFactor,
  });
  const operators = createOperatorsService({
    db,
    operators: operatorsRepository,
    sessions: operatorSessions,
    hasher: deps.hasher,
    now,
  });
  const orders = createOrdersRepository(db);
  const { market } = deps;
  const users = createAdminUsersService({
    db,
    users: deps.users,
    sessions: deps.sessions,
    accounts: deps.accounts,
    identities,
    liveOrdersOf: async (userId) =>
      market ? (await orders.liveOf(userId)).map((order) => toWireOrder(order, market)) : [],
    now,
  });

  await registerUploadsRoutes(app, {
    uploads,
    authenticate: deps.sessions.authenticate,
    async operatorOf(token) {
      try {
        return { role: (await auth.authorize(token, 'operator')).role };
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.result === 'INVALID_SESSION') return null;
        if (error.result === 'ADMIN_2FA_SETUP_REQUIRED') return { role: null };
        throw error;
      }
    },
    maxBytes: config.uploadMaxBytes,
  });
  registerIdentityRoutes(app, { identity, authenticate: deps.sessions.authenticate });
  registerCompanyRoutes(app, {
    company: createCompanyService({ db, settings: deps.settings, now }),
    auth,
    authenticate: deps.sessions.authenticate,
  });
  registerSupport(app, {
    db,
    bus: deps.bus,
    users: deps.users,
    sessions: deps.sessions,
    auth,
    limiter: deps.limiter,
    now,
  });
  registerAccountPages(app, {
    db,
    sessions: deps.sessions,
    auth,
    settings: deps.settings,
    limiter: deps.limiter,
    notifier: deps.notifier,
    now,
  });
  await registerContent(app, {
    db,
    storage,
    auth,
    authenticate: deps.sessions.authenticate,
    maxBytes: config.uploadMaxBytes,
    imageWork: deps.imageWork,
    now,
  });
  registerFunding(app, {
    config,
    db,
    core: deps.core,
    uploads,
    users: deps.users,
    sessions: deps.sessions,
    auth,
    notices,
    hasher: deps.hasher,
    limiter: deps.limiter,
    now,
  });
  registerAdminRoutes(app, {
    db,
    auth,
    users,
    operators,
    identity,
    settings: deps.settings,
    now,
    onSettingsChanged: deps.onSettingsChanged,
  });

  const bootstrapped = await operators.bootstrap({
    email: config.adminEmail,
    password: config.adminPassword,
  });
  let bootstrappedOwner: BootstrappedOwner | undefined;
  if (bootstrapped) {
    const file = await writeBootstrapCredentials(config.dataDir, bootstrapped);
    bootstrappedOwner = { ...bootstrapped, file };
    // The password goes to the start-up banner and the file, never into the structured log.
    app.log.warn(
      { email: bootstrapped.email, file },
      'Back office owner created; its password is in the start-up banner and in the file',
    );
  }

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(async () => {
      try {
        await uploads.sweep();
      } catch (error) {
        app.log.error({ err: error }, 'upload sweep failed');
      }
    }, UPLOAD_SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  deps.closers.unshift(() => clearInterval(sweeper));
  // Notices a stopped node left unsent go out from here too, starting now (not awaited: a slow
  // mail server must not hold the start).
  app.addHook('onReady', async () => {
    notices.start();
    void notices.deliverDue();
  });
  deps.closers.unshift(() => notices.stop());
  return { sweepUploads: uploads.sweep, deliverNotices: notices.deliverDue, bootstrappedOwner };
}
