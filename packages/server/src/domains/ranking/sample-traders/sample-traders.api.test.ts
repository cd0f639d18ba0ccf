import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { toBigInt, toInt } from '../../../platform/db/columns.ts';
import { withHandles } from '../../../testing/app-handles.ts';
import { DIALECTS } from '../../../testing/dialects.ts';
import { ledgerSum, startTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createScriptedFeed } from '../../market/feed/feed.ts';
import { dayOf } from '../leader-figures.ts';
import { WINDOW_MS } from '../ranking-figures.ts';
import { BOT_FUNDING, MAX_REPLAY_TRADES } from './replay-history.ts';
import { LIVE_MS } from './trade-live.ts';

/**
 * The bots' daily equity series as the replay wrote it, and the live job today: a point every
 * day from the funding day to today, the deposit the first day's only flow, today's equity
 * the balance (every replayed position closed); the rows show the series' return, computed
 * here again.
 */
async function expectReplayedSeries(
  t: TestApp,
  botIds: readonly number[],
  rows: readonly { id: number; sample: boolean; return_rate: number; days?: number }[],
) {
  const today = dayOf(t.clock.now);
  for (const botId of botIds) {
    const points = await t.store.db
      .selectFrom('equity_daily')
      .selectAll()
      .where('account_id', '=', botId)
      .orderBy('day')
      .execute();
    const days = points.map((p) => toInt(p.day));
    const funded = dayOf(t.clock.now - WINDOW_MS - 3_600_000);
    expect(days).toEqual(Array.from({ length: today - funded + 1 }, (_, i) => funded + i));
    expect(points.map((p) => toBigInt(p.flows))).toEqual(
      days.map((_, i) => (i === 0 ? BOT_FUNDING : 0n)),
    );
    const account = await t.store.db
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', botId)
      .executeTakeFirstOrThrow();
    expect(toBigInt(points.at(-1)!.equity)).toBe(toBigInt(account.balance));
    let index = 1;
    let previous = 0;
    for (const point of points) {
      const equity = Number(toBigInt(point.equity)) / 1e6;
      index *= equity / (previous + Number(toBigInt(point.flows)) / 1e6);
      previous = equity;
    }
    const row = rows.find((r) => r.id === botId)!;
    expect(row.sample).toBe(true);
    expect(Math.abs(row.return_rate - (index - 1) * 100)).toBeLessThan(0.0051);
  }
}

// The bots replay the generated history of the last three weeks through the trading commands
// on a fresh database, as the embedded default does at its first start.
describe.each(DIALECTS)('sample traders on $name', ({ name, skip }) => {
  let t: TestApp;

  beforeEach(async () => {
    if (skip) return;
    t = await startTestApp(name, { SAMPLE_TRADERS: 'true' }, 'simulated');
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'trade three weeks of history as real accounts whose ledgers, positions and ranking agree',
    async () => {
      await t.ranking.samples!.idle();
      const db = t.store.db;
      const run = await db.selectFrom('sample_trader_runs').selectAll().executeTakeFirstOrThrow();
      expect(run.replayed_at).not.toBeNull();
      const bots = await db
        .selectFrom('sample_traders')
        .innerJoin('users', 'users.id', 'sample_traders.user_id')
        .select(['sample_traders.strategy', 'users.id', 'users.is_demo'])
        .execute();
      expect(bots.map((b) => b.strategy).sort()).toEqual([
        'mean-reversion',
        'reckless',
        'scalper',
        'trend',
      ]);
      let trades = 0;
      for (const bot of bots) {
        const userId = toInt(bot.id);
        expect(toInt(bot.is_demo)).toBe(0);
        const account = await db
          .selectFrom('accounts')
          .select(['balance', 'lock_balance'])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        // Its ledger sums to its balance, starting with the seed credit.
        expect(await ledgerSum(t, userId)).toBe(toBigInt(account.balance));
        const ledger = await db
          .selectFrom('ledger')
          .select(['kind', 'amount', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute();
        expect(ledger[0]).toMatchObject({ kind: 'deposit' });
        expect(toBigInt(ledger[0]!.amount)).toBe(BOT_FUNDING);
        const orders = await db
          .selectFrom('orders')
          .select(['status', 'opened_at', 'closed_at', 'pnl'])
          .where('user_id', '=', userId)
          .execute();
        // Every position opened and closed in the past three weeks, at the history's times.
        expect(orders.length).toBeGreaterThan(0);
        expect(orders.length).toBeLessThanOrEqual(MAX_REPLAY_TRADES);
        for (const order of orders) {
          expect(toInt(order.status)).toBe(3);
          const opened = toInt(order.opened_at!);
          const closed = toInt(order.closed_at!);
          expect(opened).toBeGreaterThanOrEqual(t.clock.now - WINDOW_MS);
          expect(closed).toBeGreaterThan(opened);
          expect(closed).toBeLessThan(t.clock.now);
        }
        // Ledger times follow the history, not the moment of the replay.
        expect(toInt(ledger.at(-1)!.created_at)).toBeLessThan(t.clock.now);
        trades += orders.length;
      }
      expect(toInt(run.trades)).toBe(trades);

      // The ranking refreshed after the replay and counts every bot's positions.
      const answer = await t.call('GET', '/api/follow/list');
      expect(answer.data.data).toHaveLength(4);
      await expectReplayedSeries(
        t,
        bots.map((b) => toInt(b.id)),
        answer.data.data,
      );
      expect(
        (answer.data.data as { total_trade_num: number }[]).reduce(
          (s, r) => s + r.total_trade_num,
          0,
        ),
      ).toBe(trades);

      // Live: the node that replayed takes the lease and the trend bot (no position, enough
      // minute candles) opens at the live clock through the ordinary trading service.
      const samples = t.ranking.samples!;
      await samples.tradeLive();
      const lease = await db.selectFrom('sample_trader_runs').selectAll().executeTakeFirstOrThrow();
      expect(toInt(lease.lease_until)).toBe(t.clock.now + 3 * LIVE_MS);
      const trend = bots.find((b) => b.strategy === 'trend')!;
      const live = await db
        .selectFrom('orders')
        .select(['status', 'opened_at'])
        .where('user_id', '=', toInt(trend.id))
        .where('status', '=', 1)
        .execute();
      expect(live).toHaveLength(1);
      expect(toInt(live[0]!.opened_at!)).toBe(t.clock.now);
      const afterLive = (await db.selectFrom('orders').select('id').execute()).length;

      // A second node on the same database finds the run claimed (no second replay) and the
      // lease held (no second live trader).
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-node-'));
      const second = withHandles(
        await buildApp({
          config: loadConfig({
            DATA_DIR: dataDir,
            LOG_LEVEL: 'silent',
            WEB_DIST: path.join(dataDir, 'no-web'),
            SAMPLE_TRADERS: 'true',
          }),
          store: t.store,
          now: () => t.clock.now,
          logger: false,
          market: { feed: createScriptedFeed() },
        }),
      );
      await second.app.ready();
      const secondSamples = second.ranking.samples!;
      await secondSamples.idle();
      t.clock.advance(60_000);
      await secondSamples.tradeLive();
      await second.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(await db.selectFrom('sample_traders').select('user_id').execute()).toHaveLength(4);
      expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(afterLive);
      // Ledgers still explain every balance after the live trade.
      for (const bot of bots) {
        const account = await db
          .selectFrom('accounts')
          .select('balance')
          .where('user_id', '=', toInt(bot.id))
          .executeTakeFirstOrThrow();
        expect(await ledgerSum(t, toInt(bot.id))).toBe(toBigInt(account.balance));
      }
    },
    60_000,
  );
});
