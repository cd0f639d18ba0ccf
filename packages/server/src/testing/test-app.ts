import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WS_PATH } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createScriptedFeed } from '../domains/market/feed/feed.ts';
import { createUsersRepository, type UserRecord } from '../domains/users/users.repository.ts';
import type { DialectName, Store } from '../platform/db/database.ts';
import { type AppHandles, withHandles } from './app-handles.ts';
import { createTestStore } from './dialects.ts';

export interface TestApp {
  app: FastifyInstance;
  market: AppHandles['market'];
  trading: AppHandles['trading'];
  alerts: AppHandles['alerts'];
  bus: AppHandles['bus'];
  core: AppHandles['core'];
  gateway: AppHandles['gateway'];
  ranking: AppHandles['ranking'];
  copying: AppHandles['copying'];
  marketTopics: AppHandles['marketTopics'];
  hasher: AppHandles['hasher'];
  imageWork: AppHandles['imageWork'];
  sweepUploads: AppHandles['sweepUploads'];
  /** Sends the trader notices that are due; answers how many went out. */
  deliverNotices: AppHandles['deliverNotices'];
  store: Store;
  dataDir: string;
  /** The clock the app reads; tests move it forward instead of sleeping. */
  clock: { now: number; advance(ms: number): void };
  /** Every line of the outbox so far. */
  outbox(): { channel: string; to: string; code: string; purpose: string; at: string }[];
  /** The newest code sent to `to`. */
  lastCode(to: string): string;
  /** Calls an endpoint; params go in the body for POST, the query for GET. */
  call(
    method: 'GET' | 'POST',
    url: string,
    params?: Record<string, unknown>,
    headers?: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON an endpoint answers
  ): Promise<{ code: number; msg: string; data: any; status: number }>;
  close(): Promise<void>;
}

/** Calls an app's endpoint as the client does: params in the body for POST, the query for GET. */
export function callerOf(app: FastifyInstance): TestApp['call'] {
  return async (method, url, params = {}, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { lang: 'en', ...headers },
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }
        : { payload: params }),
    });
    return { ...response.json(), status: response.statusCode };
  };
}

/**
 * A whole app on a fresh database of the dialect, with its own data folder and clock.
 * `gatewayOptions` tune the socket gateway (its flush period) for the socket suites.
 */
export async function startTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  market: BuildOptions['market'] = 'off',
  gatewayOptions?: BuildOptions['gateway'],
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-test-'));
  // Real scrypt, at a lower cost than production so that suites stay quick.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '12',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // The bots' replay is a test of its own; other suites start without them.
    SAMPLE_TRADERS: 'false',
    ...env,
  });
  const store = await createTestStore(dialect);
  const clock = {
    now: Date.UTC(2026, 10, 2, 12, 0, 0),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const {
    app,
    market: marketService,
    trading,
    alerts,
    bus,
    core,
    gateway,
    ranking,
    copying,
    marketTopics,
    hasher,
    imageWork,
    sweepUploads,
    deliverNotices,
  } = withHandles(
    await buildApp({
      config,
      store,
      now: () => clock.now,
      logger: false,
      market,
      ...(gatewayOptions ? { gateway: gatewayOptions } : {}),
    }),
  );
  await app.ready();
  const outbox = () => {
    if (!fs.existsSync(config.outboxPath)) return [];
    return fs
      .readFileSync(config.outboxPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  };
  return {
    app,
    market: marketService,
    trading,
    alerts,
    bus,
    core,
    gateway,
    ranking,
    copying,
    marketTopics,
    hasher,
    imageWork,
    sweepUploads,
    deliverNotices,
    store,
    dataDir,
    clock,
    outbox,
    lastCode(to) {
      const line = outbox()
        .filter((l) => l.to === to)
        .at(-1);
      if (!line) throw new Error(`no code was sent to ${to}`);
      return line.code;
    },
    call: callerOf(app),
    async close() {
      await app.close();
      await store.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free loopback port: the socket gateway's address (ws://127.0.0.1:port/v1/ws). */
export async function listenForSockets(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${WS_PATH}`;
}

/**
 * The trading suites' start: an app on a scripted feed, EURUSD quoted at 1.08500 / 1.08508
 * (the test clock, Monday 07:00 New York, is inside the forex session). `quote` pushes a
 * price at the current time; the spread is 8 points unless named.
 */
export async function startEurusdApp(dialect: DialectName, env: Record<string, string> = {}) {
  const feed = createScriptedFeed();
  const t = await startTestApp(dialect, env, { feed });
  const eurusd = t.market!.tradeList('EURUSD')[0]!.Id;
  const quote = (bid: number, ask = bid + 8) =>
    feed.push({ instrumentId: eurusd, bid, ask, time: t.clock.now, volume: 1 });
  quote(108_500);
  return { t, feed, eurusd, quote };
}

/** Registers by e-mail through the real endpoints, reading the code from the outbox. */
export async function registerByEmail(
  t: TestApp,
  email: string,
  password = 'secret-pass',
  extra: Record<string, unknown> = {},
) {
  const sent = await t.call('POST', '/api/notify/send_email', { to: email, type: 1 });
  if (sent.code !== 1) throw new Error(`send_email refused: ${sent.msg}`);
  return t.call('POST', '/api/user/register', {
    type: 'email',
    account: email,
    password,
    re_password: password,
    sms_code: t.lastCode(email),
    ...extra,
  });
}

export async function logInAs(
  t: TestApp,
  account: string,
  password = 'secret-pass',
): Promise<string> {
  const answer = await t.call('POST', '/api/user/loginForU', { account, password });
  if (answer.code !== 1) throw new Error(`login refused: ${answer.msg}`);
  return answer.data.token as string;
}

/** A demo user through the real endpoint, as the services see it, with its session token. */
export async function demoUser(
  t: TestApp,
  device: string,
): Promise<{ user: UserRecord; token: string }> {
  const session = await t.call('GET', '/api/user/createAccountDemoForU', { demo_id: device });
  if (session.code !== 1) throw new Error(`demo refused: ${session.msg}`);
  const user = await createUsersRepository(t.store.db).findById(session.data.user.id);
  if (!user) throw new Error('the demo user vanished');
  return { user, token: session.data.token };
}

/** Σ ledger of a user, read straight from the store. */
export async function ledgerSum(t: TestApp, userId: number): Promise<bigint> {
  const rows = await t.store.db
    .selectFrom('ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
}

/** The stored balance and lock of a user. */
export async function storedAccount(
  t: TestApp,
  userId: number,
): Promise<{ balance: bigint; lock: bigint; marginHeld: bigint }> {
  const row = await t.store.db
    .selectFrom('accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    balance: BigInt(row.balance),
    lock: BigInt(row.lock_balance),
    marginHeld: BigInt(row.margin_held),
  };
}

/**
 * A submit payload as the client sends it: a market order of 1 lot at 1:100 without stops
 * unless `extra` says otherwise (type 1 buy, 2 sell).
 */
export function submitPayload(forexId: number, extra: Record<string, unknown> = {}) {
  return {
    type: 1,
    cont: '1',
    forex_id: forexId,
    status: 1,
    multiple: 100,
    target_price: 0,
    stop_loss_price: 0,
    target_profit_price: 0,
    ...extra,
  };
}
