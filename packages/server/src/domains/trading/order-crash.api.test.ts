import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type Store } from '../../platform/db/database.ts';
import { createPostgresDatabase, DIALECTS } from '../../testing/dialects.ts';
import {
  expectAccountsAddUp,
  expectAcknowledgedOnce,
  expectNoDoubleLedgerRows,
  resyncTraders,
  retryUnanswered,
} from '../../testing/order-audit.ts';
import {
  isAcknowledged,
  isUnanswered,
  type LoadTrader,
  newLoadTrader,
  nextCommand,
  quoteOf,
  type SentCommand,
  sendCommand,
} from '../../testing/order-load.ts';
import { seededRandom, seedFrom } from '../../testing/seeded-random.ts';
import { request, type ServerProcess, startServerProcess } from '../../testing/server-process.ts';

const SEED = seedFrom('CRASH_SEED');
// Two kills and the triggers' third keep the file near half a minute per dialect on two cores.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const TRADERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a dialect's process keeps its data across kills: a folder, or a PostgreSQL database. */
async function persistentPlace(
  dialect: 'sqlite' | 'postgres',
): Promise<{ env: Record<string, string>; open(): Store; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-crash-'));
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      open: (): Store => openSqlite(path.join(dataDir, 'app.db')),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    open: (): Store => openPostgres(database.url),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/**
 * Issue 27: a server process placing, closing and cancelling orders under load is killed
 * with SIGKILL at a random moment, several times. After each restart every acknowledged
 * command took effect exactly once, submits that never got an answer are retried with their
 * Idempotency-Key and exist once, every account adds up (Σ ledger = balance, lock = reserves,
 * margin held = Σ margins), and the take profits and stop losses of open positions still fire.
 * Replay a failure with the printed seed: CRASH_SEED=… (CRASH_ROUNDS for more kills).
 */
describe.each(DIALECTS)('orders across kill -9 on $name', ({ name, skip }) => {
  let server: ServerProcess | undefined;
  let store: Store | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await server?.cleanup();
    await store?.destroy();
    await drop?.();
  });

  it.skipIf(skip)(
    'keeps every acknowledged command exactly once, adds up, and fires triggers after restart',
    async () => {
      console.info(`order crash test on ${name}: seed ${SEED} (CRASH_SEED), ${ROUNDS} kills`);
      const random = seededRandom(SEED);
      const place = await persistentPlace(name);
      drop = place.drop;
      const env = { ...place.env, TRUST_PROXY: 'true' };
      server = await startServerProcess(env);
      store = place.open();
      const traders: LoadTrader[] = [];
      for (let i = 0; i < TRADERS; i++)
        traders.push(await newLoadTrader(server.baseUrl, `10.27.0.${i + 1}`));
      const userIds = traders.map((t) => t.userId);
      let acknowledged = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const killAfter = 300 + Math.floor(random() * 1_500);
        const sent = await loadUntilKilled(server, traders, random, round, killAfter);
        acknowledged += sent.filter((c) => isAcknowledged(c.answer)).length;
        server = await startServerProcess(env);
        await expectAcknowledgedOnce(store, sent);
        const retried = await retryUnanswered(store, sent, (c) => sendCommand(server!.baseUrl, c));
        await expectNoDoubleLedgerRows(store);
        await expectAccountsAddUp(store, userIds);
        await resyncTraders(store, traders);
        console.info(
          `  kill ${round} after ${killAfter} ms: ${sent.length} sent, ${retried} retried after restart`,
        );
      }
      expect(acknowledged).toBeGreaterThan(ROUNDS * 10);
      await expectTriggersFireAfterRestart(env, traders);
    },
    240_000,
  );

  /** Load from every trader until the process is killed `killAfter` ms in; what was sent. */
  async function loadUntilKilled(
    node: ServerProcess,
    traders: readonly LoadTrader[],
    random: () => number,
    round: number,
    killAfter: number,
  ): Promise<SentCommand[]> {
    const market = await quoteOf(node.baseUrl, 'BTCUSD');
    const sent: SentCommand[] = [];
    let running = true;
    const workers = traders.map(async (trader, i) => {
      for (let n = 0; running; n++) {
        const key = `crash-${SEED}-${round}-${i}-${n}`;
        const command = await sendCommand(node.baseUrl, nextCommand(trader, random, market, key));
        sent.push(command);
        // The connection failed: the process is gone, and this trader's client stops with it.
        if (isUnanswered(command.answer)) break;
      }
    });
    await sleep(killAfter);
    node.child.kill('SIGKILL');
    await node.exited;
    running = false;
    await Promise.all(workers);
    return sent;
  }

  /**
   * Take profits and stop losses set a few ticks from the market, the process killed at
   * once: after the restart the books are rebuilt from the database and every one of them
   * fires, closing its position exactly once.
   */
  async function expectTriggersFireAfterRestart(
    env: Record<string, string>,
    traders: readonly LoadTrader[],
  ): Promise<void> {
    const quote = await quoteOf(server!.baseUrl, 'BTCUSD');
    const near = (price: number) => Number(price.toFixed(quote.precision));
    const armed: number[] = [];
    const positions = traders.flatMap((t) => [...t.holding].map((id) => ({ t, id }))).slice(0, 8);
    for (const { t, id } of positions) {
      // ±15 USD is a few ticks of BTCUSD's walk: far enough to be accepted, near enough to fire.
      const answer = await request(
        server!.baseUrl,
        'POST',
        '/v1/api/forex/set_stop_price',
        { id, target_profit_price: near(quote.bid + 15), stop_loss_price: near(quote.bid - 15) },
        { authorization: t.token },
      );
      if (isAcknowledged(answer)) armed.push(id);
    }
    server!.child.kill('SIGKILL');
    await server!.exited;
    server = await startServerProcess(env);
    const stillOpen = await store!.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', armed.length > 0 ? armed : [-1])
      .where('status', '=', 1)
      .execute();
    // Most fire after the restart; the assertion needs at least one to have waited for it.
    expect(stillOpen.length).toBeGreaterThan(0);
    for (let waited = 0; waited < 90_000; waited += 250) {
      const open = await store!.db
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', armed)
        .where('status', '=', 1)
        .execute();
      if (open.length === 0) break;
      await sleep(250);
    }
    const closed = await store!.db
      .selectFrom('orders')
      .select(['id', 'status', 'close_reason'])
      .where('id', 'in', armed)
      .execute();
    for (const order of closed)
      expect([order.status, order.close_reason]).toSatisfy(
        ([status, reason]) =>
          Number(status) === 3 && (reason === 'take-profit' || reason === 'stop-loss'),
      );
    await expectNoDoubleLedgerRows(store!);
    await expectAccountsAddUp(
      store!,
      traders.map((t) => t.userId),
    );
    console.info(`  triggers: ${armed.length} armed, ${stillOpen.length} fired after the restart`);
  }
});
