import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asMicros, parseMicros } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Store } from '../../platform/db/database.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { createTestStore, DIALECTS } from '../../testing/dialects.ts';
import { fund, fundedTrader } from '../../testing/funding.ts';
import { logInAs, startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';
import { createScriptedFeed } from '../market/feed/feed.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { DAY_MS, dailyReturns, dayOf } from './leader-figures.ts';

const USD = 1_000_000n;

/** An account's stored series, oldest first. */
async function pointsOf(store: Store, accountId: number) {
  const rows = await store.db
    .selectFrom('equity_daily')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: toInt(r.day),
    equity: toBigInt(r.equity),
    flows: toBigInt(r.flows),
    sampledAt: toInt(r.sampled_at),
  }));
}

// The job over real accounts: deposits through the back office, trades through the endpoints.
// The test clock starts Monday 2026-11-02 12:00 UTC; the next days are forex days too.
describe.each(DIALECTS)('daily equity series on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const as = (token: string) => ({ authorization: token });
  const sample = () => t.ranking.equity!.sample();
  const trader = (email: string, usd: string) => fundedTrader(t, email, usd);
  const netValue = async (token: string) =>
    parseMicros(
      String(
        (await t.call('GET', '/v1/api/main/account/forexDetail', {}, as(token))).data.net_value,
      ),
    );

  it.skipIf(skip)(
    'writes today’s point from the live equity and the flows since the point before, only when they change',
    async () => {
      const ann = await trader('ann@example.com', '10000');
      const today = dayOf(t.clock.now);
      await sample();
      const funded = t.clock.now;
      expect(await pointsOf(t.store, ann.id)).toEqual([
        { day: today, equity: 10_000n * USD, flows: 10_000n * USD, sampledAt: funded },
      ]);
      // Nothing changed: nothing is written (the point keeps its sampling time).
      t.clock.advance(60_000);
      await sample();
      expect((await pointsOf(t.store, ann.id))[0]!.sampledAt).toBe(funded);

      // An open position counts with its margin and its P&L at the current quote, as the
      // account figures show it: 10 000 − fee 0.54254 + (1.08600 − 1.08508) × 100 000.
      const opened = await t.call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd),
        as(ann.token),
      );
      expect(opened.code).toBe(1);
      quote(108_600, 108_608);
      await sample();
      let [point] = await pointsOf(t.store, ann.id);
      expect(point).toMatchObject({ day: today, equity: 10_091_457_460n, flows: 10_000n * USD });
      expect(point!.equity).toBe(await netValue(ann.token));
      // A pending order's reserve left the balance but is still the trader's money.
      const pending = await t.call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd, { status: 0, target_price: '1.08' }),
        as(ann.token),
      );
      expect(pending.code).toBe(1);
      await sample();
      [point] = await pointsOf(t.store, ann.id);
      expect(point!.equity).toBe(10_091_457_460n);

      // The next day has a point of its own; its deposit is a flow of that day, not a gain.
      t.clock.advance(DAY_MS);
      quote(108_600, 108_608);
      const again = await logInAs(t, 'ann@example.com');
      await fund(t, again, '1000');
      await sample();
      const series = await pointsOf(t.store, ann.id);
      expect(series.map((p) => [p.day, p.equity, p.flows])).toEqual([
        [today, 10_091_457_460n, 10_000n * USD],
        [today + 1, 11_091_457_460n, 1_000n * USD],
      ]);
      expect(series[1]!.equity).toBe(await netValue(again));
      // 10 091.45746 / (0 + 10 000) − 1, then 11 091.45746 / (10 091.45746 + 1 000) − 1 = 0.
      expect(
        dailyReturns(
          series.map((p) => ({ ...p, equity: asMicros(p.equity), flows: asMicros(p.flows) })),
        ).map((r) => r.rate),
      ).toEqual([0.009145746, 0]);
    },
  );

  it.skipIf(skip)('keeps no series of plain demo accounts', async () => {
    const demo = await t.call('GET', '/api/user/createAccountDemoForU', { demo_id: 'series-demo' });
    expect(demo.code).toBe(1);
    // The demo account exists once it traded.
    const opened = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd),
      as(demo.data.token),
    );
    expect(opened.code).toBe(1);
    await sample();
    expect(await pointsOf(t.store, demo.data.user.id)).toEqual([]);
  });
});

/** A seed credit, as the sample traders fund themselves: one deposit row. */
const deposit = (usd: bigint): AccountCommand<void> => ({
  name: 'test-deposit',
  run: async (ctx) => ctx.post([{ kind: 'deposit', amount: asMicros(usd * USD) }], null),
});

describe.each(DIALECTS)('daily equity series across a restart on $name', ({ name, skip }) => {
  it.skipIf(skip)(
    'continues from the table: the day the server was down has no point, the next one’s flows span it',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-series-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'none'),
        SAMPLE_TRADERS: 'false',
      });
      const store = await createTestStore(name);
      const clock = { now: Date.UTC(2026, 10, 2, 12, 0) };
      const start = async () => {
        const built = withHandles(
          await buildApp({
            config,
            store,
            now: () => clock.now,
            logger: false,
            market: { feed: createScriptedFeed() },
          }),
        );
        await built.app.ready();
        return built;
      };
      try {
        const first = await start();
        const user = await store.db.transaction().execute((trx) =>
          createUsersRepository(trx).insert({
            uid: 'series-restart',
            invite_code: 'SERIES1',
            email: 'restart@example.com',
            is_demo: 0,
            credit_score: 100,
            created_at: clock.now,
          }),
        );
        await first.core.execute(user.id, deposit(1000n), { create: true });
        const day0 = dayOf(clock.now);
        await first.ranking.equity!.sample();
        // After the day's last sample: a deposit, then the server is down for two days.
        clock.now += 60_000;
        await first.core.execute(user.id, deposit(500n));
        await first.app.close();
        clock.now += 2 * DAY_MS;

        const second = await start();
        await second.ranking.equity!.sample();
        const points = await pointsOf(store, user.id);
        expect(points.map((p) => [p.day, p.equity, p.flows])).toEqual([
          [day0, 1_000n * USD, 1_000n * USD],
          [day0 + 2, 1_500n * USD, 500n * USD],
        ]);
        // Memory starts from the table: the unchanged point is not written again…
        const sampledAt = points[1]!.sampledAt;
        clock.now += 60_000;
        await second.ranking.equity!.sample();
        expect((await pointsOf(store, user.id))[1]!.sampledAt).toBe(sampledAt);
        // …and a deposit now joins the flows since day 0's point.
        await second.core.execute(user.id, deposit(250n));
        await second.ranking.equity!.sample();
        expect((await pointsOf(store, user.id)).map((p) => [p.day, p.equity, p.flows])).toEqual([
          [day0, 1_000n * USD, 1_000n * USD],
          [day0 + 2, 1_750n * USD, 750n * USD],
        ]);
        await second.app.close();
      } finally {
        await store.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
