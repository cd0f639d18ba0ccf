import { describe, expect, it } from 'vitest';
import type { Store } from '../../platform/db/database.ts';
import { DIALECTS } from '../../testing/dialects.ts';
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
import { persistentPlace } from '../../testing/persistent-place.ts';
import { seededRandom, seedFrom } from '../../testing/seeded-random.ts';
import { request, type ServerProcess, startServerProcess } from '../../testing/server-process.ts';

const SEED = seedFrom('CRASH_SEED');
// Two kills (triggers armed before the second) keep the file near half a minute on two cores.
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const TRADERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * Take profits and stop losses ±25 USD from the market (a few seconds of BTCUSD's walk) on up
 * to eight positions, and trailing stops 25 USD behind on up to four more (issue 40), which
 * the load then leaves alone: the ids armed, and which of them trail.
 */
async function armTriggers(node: ServerProcess, traders: readonly LoadTrader[]) {
  const quote = await quoteOf(node.baseUrl, 'BTCUSD');
  const near = (price: number) => Number(price.toFixed(quote.precision));
  const armed: number[] = [];
  const trailing = new Set<number>();
  const positions = traders.flatMap((t) => [...t.holding].map((id) => ({ t, id }))).slice(0, 12);
  for (const [i, { t, id }] of positions.entries()) {
    const trails = i % 3 === 2;
    const answer = trails
      ? await request(
          node.baseUrl,
          'POST',
          '/v1/api/forex/set_trailing',
          { id, distance: 25 },
          { authorization: t.token },
        )
      : await request(
          node.baseUrl,
          'POST',
          '/v1/api/forex/set_stop_price',
          { id, target_profit_price: near(quote.bid + 25), stop_loss_price: near(quote.bid - 25) },
          { authorization: t.token },
        );
    if (!isAcknowledged(answer)) continue;
    armed.push(id);
    if (trails) trailing.add(id);
    t.holding.delete(id);
  }
  return { armed, trailing };
}

/**
 * After the restart the trigger books are rebuilt from the database: every armed position
 * still open then closes by its take profit or stop loss — or its trailing stop, followed on
 * from the last move stored — once.
 */
async function expectTriggersFire(
  store: Store,
  { armed, trailing }: { armed: readonly number[]; trailing: ReadonlySet<number> },
): Promise<number> {
  const ids = armed.length > 0 ? [...armed] : [-1];
  const openNow = () =>
    store.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 1)
      .execute();
  const stillOpen = (await openNow()).length;
  // A few may have fired before the kill; the assertion needs some to have waited for it.
  expect(stillOpen).toBeGreaterThan(0);
  for (let waited = 0; waited < 90_000 && (await openNow()).length > 0; waited += 250)
    await sleep(250);
  const closed = await store.db
    .selectFrom('orders')
    .select(['id', 'status', 'close_reason'])
    .where('id', 'in', ids)
    .execute();
  for (const order of closed)
    expect([Number(order.status), order.close_reason]).toSatisfy(([status, reason]) =>
      trailing.has(Number(order.id))
        ? status === 3 && reason === 'trailing-stop'
        : status === 3 && (reason === 'take-profit' || reason === 'stop-loss'),
    );
  await expectNoDoubleLedgerRows(store);
  return stillOpen;
}

/**
 * Issue 27: a server process placing, closing and cancelling orders under load is killed
 * with SIGKILL at a random moment, several times. After each restart every acknowledged
 * command took effect exactly once, submits that never got an answer are retried with their
 * Idempotency-Key and exist once, every account adds up (Σ ledger = balance, lock = reserves,
 * margin held = Σ margins). Before the last kill take profits and stop losses are set near
 * the market; after it they fire. Both dialects at once (each waits mostly on its process).
 * Replay a failure with the printed seed: CRASH_SEED=… (CRASH_ROUNDS for more kills).
 */
describe.concurrent('orders across kill -9', () => {
  for (const { name, skip } of DIALECTS)
    it.skipIf(skip)(
      `on ${name}: every acknowledged command exactly once, accounts add up, triggers fire after restart`,
      async () => {
        console.info(`order crash test on ${name}: seed ${SEED} (CRASH_SEED), ${ROUNDS} kills`);
        const random = seededRandom(SEED);
        const place = await persistentPlace(name);
        const env = { ...place.env, TRUST_PROXY: 'true' };
        let server = await startServerProcess(env);
        const store = place.open();
        try {
          const traders: LoadTrader[] = [];
          for (let i = 0; i < TRADERS; i++)
            traders.push(await newLoadTrader(server.baseUrl, `10.27.0.${i + 1}`));
          let acknowledged = 0;
          let armed = { armed: [] as number[], trailing: new Set<number>() };
          for (let round = 1; round <= ROUNDS; round++) {
            if (round === ROUNDS) armed = await armTriggers(server, traders);
            const killAfter = 300 + Math.floor(random() * 1_500);
            const sent = await loadUntilKilled(server, traders, random, round, killAfter);
            acknowledged += sent.filter((c) => isAcknowledged(c.answer)).length;
            server = await startServerProcess(env);
            await expectAcknowledgedOnce(store, sent);
            const retried = await retryUnanswered(store, sent, (c) =>
              sendCommand(server.baseUrl, c),
            );
            await expectNoDoubleLedgerRows(store);
            await expectAccountsAddUp(
              store,
              traders.map((t) => t.userId),
            );
            await resyncTraders(store, traders);
            for (const id of armed.armed) for (const t of traders) t.holding.delete(id);
            console.info(
              `  ${name}, kill ${round} after ${killAfter} ms: ${sent.length} sent, ${retried} retried after restart`,
            );
          }
          expect(acknowledged).toBeGreaterThan(ROUNDS * 10);
          const fired = await expectTriggersFire(store, armed);
          await expectAccountsAddUp(
            store,
            traders.map((t) => t.userId),
          );
          console.info(
            `  ${name}, triggers: ${armed.armed.length} armed (${armed.trailing.size} trailing), ${fired} fired after the restart`,
          );
        } finally {
          await server.cleanup();
          await store.destroy();
          await place.drop();
        }
      },
      240_000,
    );
});
