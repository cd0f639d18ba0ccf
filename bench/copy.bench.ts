// Copy trading (issue 29): one leader followed by 1 000 and then 10 000 copies, on the embedded
// default (SQLite, group commit), in this process with the whole app. Measured: the time from
// the leader's fill (its command answered) to the last copy committed, and the same for the
// leader's close — beside one plain market order of a trader nobody copies, measured in the
// same run (its median over 21), as the ratio's baseline. Also copies committed per second.
// Every copy is checked afterwards: one outcome per copy of the leader's order.
import { asLots, NO_PRICE } from '@tradedesk/engine';
import { createUsersRepository } from '../packages/server/src/domains/users/users.repository.ts';
import { startEurusdApp, type TestApp } from '../packages/server/src/testing/test-app.ts';

const SIZES = (process.env.BENCH_COPY_SIZES ?? '1000,10000').split(',').map(Number);
const PLAIN_ORDERS = 21;

type User = NonNullable<Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findById']>>>;

/** Demo users written straight to the database (their accounts open funded on first use). */
async function newUsers(t: TestApp, count: number, prefix: string): Promise<User[]> {
  const made: User[] = [];
  for (let i = 0; i < count; i += 500)
    await t.store.db.transaction().execute(async (trx) => {
      // Bound to the batch's transaction: repositories take the executor they are built on.
      const users = createUsersRepository(trx);
      for (let j = i; j < Math.min(count, i + 500); j++)
        made.push(
          await users.insert({
            // Unique by construction: 8 random digits clash within 10 000 users now and then.
            uid: `${prefix}-${j}`,
            invite_code: `${prefix}-${j}`.toUpperCase(),
            is_demo: 1,
            demo_id: `${prefix}-${j}`,
            credit_score: 100,
            created_at: t.clock.now,
          }),
        );
    });
  return made;
}

const order = (eurusd: number, lots: bigint, side: 'buy' | 'sell' = 'buy') => ({
  instrumentId: eurusd,
  side,
  lots: asLots(lots),
  leverage: 100,
  takeProfit: NO_PRICE,
  stopLoss: NO_PRICE,
});

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(size: number) {
  const { t, eurusd } = await startEurusdApp('sqlite');
  try {
    const trading = t.trading!;
    const copying = t.copying!;
    const [leader, plain] = await newUsers(t, 2, `bench-lead-${size}`);
    await t.core.open(leader!.id);
    await t.store.db
      .updateTable('users')
      .set({ is_demo: 0 })
      .where('id', '=', leader!.id)
      .execute();
    const leaderUser = { ...leader!, isDemo: false };
    // Opted in to be copied (issue 36), through the same call as the consent page.
    await copying.consent.set(leaderUser, { listed: 1, copyable: 1 }, '127.0.0.1');
    const followers = await newUsers(t, size, `bench-follower-${size}`);
    const started = performance.now();
    for (let i = 0; i < followers.length; i += 200)
      await Promise.all(
        followers.slice(i, i + 200).map((follower) =>
          copying.copying.copy(follower, {
            leaderId: leader!.id,
            amount: 1_000_000_000n as never,
            copySlRate: 40,
            copyOpen: false,
          }),
        ),
      );
    const setupSeconds = (performance.now() - started) / 1000;

    const plainTimes: number[] = [];
    for (let i = 0; i < PLAIN_ORDERS; i++) {
      const at = performance.now();
      await trading.openMarket(plain!, order(eurusd, 100n));
      plainTimes.push(performance.now() - at);
    }
    const plainMs = median(plainTimes);

    // 10 lots on 100 000 USD: each copy of 1 000 USD takes 0.09 lots (after the fee).
    await copying.mirror.idle();
    const fillAt = performance.now();
    const opened = await trading.openMarket(leaderUser, order(eurusd, 100_000n));
    const filledMs = performance.now() - fillAt;
    await copying.mirror.wake();
    const openFanoutMs = performance.now() - fillAt - filledMs;

    const closeAt = performance.now();
    await trading.close(leaderUser, opened.id);
    const closedMs = performance.now() - closeAt;
    await copying.mirror.wake();
    const closeFanoutMs = performance.now() - closeAt - closedMs;

    const outcomes = await t.store.db
      .selectFrom('copy_trades')
      .select(['status', ({ fn }) => fn.countAll().as('n')])
      .where('leader_order_id', '=', opened.id)
      .groupBy('status')
      .execute();
    const mirrored = Number(outcomes.find((o) => o.status === 'mirrored')?.n ?? 0);
    const total = outcomes.reduce((sum, o) => sum + Number(o.n), 0);
    if (total !== size) throw new Error(`${total} outcomes for ${size} copies`);
    const stillOpen = await t.store.db
      .selectFrom('copy_trades')
      .innerJoin('orders', 'orders.id', 'copy_trades.copy_order_id')
      .select(({ fn }) => fn.countAll().as('n'))
      .where('copy_trades.leader_order_id', '=', opened.id)
      .where('orders.status', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(stillOpen.n) !== 0)
      throw new Error(`${stillOpen.n} copies still open after the close`);
    return { size, setupSeconds, plainMs, openFanoutMs, closeFanoutMs, mirrored };
  } finally {
    await t.close();
  }
}

const rows = [];
for (const size of SIZES) rows.push(await measure(size));
console.info('\ncopy trading fan-out (embedded SQLite, one process, group commit)');
console.info(
  '| copies | plain order (baseline) | fill → last copy | × baseline | copies/s | close → last copy | × baseline | mirrored |',
);
console.info('|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.info(
    `| ${r.size} | ${r.plainMs.toFixed(2)} ms | ${r.openFanoutMs.toFixed(0)} ms | ${(r.openFanoutMs / r.plainMs).toFixed(0)}× | ${Math.round((r.size / r.openFanoutMs) * 1000)} | ${r.closeFanoutMs.toFixed(0)} ms | ${(r.closeFanoutMs / r.plainMs).toFixed(0)}× | ${r.mirrored} |`,
  );
console.info(
  `(setup: ${rows.map((r) => `${r.size} copies started in ${r.setupSeconds.toFixed(1)} s`).join(', ')})`,
);
process.exit(0);
