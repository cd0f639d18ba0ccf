import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asLots, asPricePoints, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { createScriptedFeed } from '../market/feed/feed.ts';
import type { UserRecord } from '../users/users.repository.ts';

// Monday 2026-11-02 07:00 New York: forex trades. Prices are EURUSD points (5 decimals).
describe.each(DIALECTS)('pending orders, take profit and stop loss on $name', ({ name, skip }) => {
  let t: TestApp;
  let feed: ReturnType<typeof createScriptedFeed>;
  let eurusd: number;
  let user: UserRecord;
  let token: string;

  async function tick(bid: number, spread = 8) {
    t.clock.advance(1000);
    feed.push({ instrumentId: eurusd, bid, ask: bid + spread, time: t.clock.now, volume: 1 });
    await t.trading!.idle();
  }
  async function account() {
    const row = await t.store.db
      .selectFrom('accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const ledger = await t.store.db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', user.id)
      .execute();
    return {
      balance: BigInt(row.balance),
      lock: BigInt(row.lock_balance),
      ledgerSum: ledger.reduce((s, r) => s + BigInt(r.amount), 0n),
    };
  }
  /** The stored order with its integers as numbers (SQLite answers bigint). */
  async function order(id: number) {
    const row = await t.store.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const n = (v: unknown) => (v === null ? null : Number(v));
    return {
      ...row,
      status: n(row.status),
      reserve: n(row.reserve),
      open_price: n(row.open_price),
      close_price: n(row.close_price),
      pnl: n(row.pnl),
    };
  }
  /** 1 lot at `target` points (0: at market). */
  const request = (side: 'buy' | 'sell', target: bigint) => ({
    instrumentId: eurusd,
    side,
    lots: asLots(10_000n),
    leverage: 100,
    takeProfit: NO_PRICE,
    stopLoss: NO_PRICE,
    target: asPricePoints(target),
  });

  beforeEach(async () => {
    if (skip) return;
    feed = createScriptedFeed();
    t = await startTestApp(name, {}, { feed });
    eurusd = t.market!.tradeList('EURUSD')[0]!.Id;
    feed.push({ instrumentId: eurusd, bid: 108_500, ask: 108_508, time: t.clock.now, volume: 1 });
    const demo = await demoUser(t, 'pending-trader-1');
    user = demo.user;
    token = demo.token;
    // The demo account and its funds exist from the first look at the balance.
    await t.call('GET', '/v1/api/main/wallet/getBalance', {}, { authorization: demo.token });
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'reserves a buy limit, fills it at the better price, then takes profit',
    async () => {
      const limit = await t.trading!.placePending(user, request('buy', 108_400n));
      expect(limit).toMatchObject({
        status: 'pending',
        reserve: 1_084_542_000n,
        fillDirection: 'at-or-below',
      });
      expect(await account()).toEqual({
        balance: 98_915_458_000n,
        lock: 1_084_542_000n,
        ledgerSum: 98_915_458_000n,
      });

      await tick(108_450); // ask 108 458: not there yet
      expect((await order(limit.id)).status).toBe(0);
      await tick(108_390); // ask 108 398: at the target or better
      const filled = await order(limit.id);
      expect(filled).toMatchObject({ status: 1, open_price: expect.anything(), reserve: 0 });
      expect(BigInt(filled.open_price!)).toBe(108_398n);
      // Released 1 084.542, charged margin 1 083.98 and fee 0.54199 at the fill price.
      expect(await account()).toEqual({
        balance: 98_915_478_010n,
        lock: 0n,
        ledgerSum: 98_915_478_010n,
      });

      await t.trading!.setStops(user, limit.id, asPricePoints(108_500n), asPricePoints(108_300n));
      await tick(108_499);
      expect((await order(limit.id)).status).toBe(1);
      await tick(108_500); // bid reaches the take profit
      const closed = await order(limit.id);
      expect(closed).toMatchObject({ status: 3, close_reason: 'take-profit' });
      expect(BigInt(closed.close_price!)).toBe(108_500n);
      expect(BigInt(closed.pnl!)).toBe(102_000_000n);
      const after = await account();
      expect(after.balance).toBe(98_915_478_010n + 1_083_980_000n + 102_000_000n);
      expect(after.ledgerSum).toBe(after.balance);
    },
  );

  it.skipIf(skip)(
    'fills a sell stop at the tick that crosses it and stops the loss on the ask',
    async () => {
      const stop = await t.trading!.placePending(user, request('sell', 108_300n));
      expect(stop.fillDirection).toBe('at-or-below');
      await tick(108_310);
      expect((await order(stop.id)).status).toBe(0);
      await tick(108_290); // crossed: filled at this tick's bid
      expect((await order(stop.id)).open_price).toBe(108_290);
      await expect(
        t.trading!.setStops(user, stop.id, NO_PRICE, asPricePoints(108_200n)),
      ).rejects.toMatchObject({
        result: 'STOP_LOSS_WRONG_SIDE',
      });
      await t.trading!.setStops(user, stop.id, NO_PRICE, asPricePoints(108_350n));
      await tick(108_340); // ask 108 348
      expect((await order(stop.id)).status).toBe(1);
      await tick(108_345); // ask 108 353 ≥ 108 350
      const closed = await order(stop.id);
      expect(closed).toMatchObject({ status: 3, close_reason: 'stop-loss' });
      expect(BigInt(closed.close_price!)).toBe(108_353n);
      expect(BigInt(closed.pnl!)).toBe(-63_000_000n);
      const after = await account();
      expect(after.ledgerSum).toBe(after.balance);
      expect(after.lock).toBe(0n);
    },
  );

  it.skipIf(skip)('fires nothing while the market is closed, and fires once it opens', async () => {
    const position = await t.trading!.openMarket(user, {
      ...request('buy', 0n),
      takeProfit: asPricePoints(108_600n),
    });
    // 17:01 New York: forex is in its daily break (17:00–17:05).
    t.clock.advance((10 * 60 + 1) * 60_000);
    expect(t.market!.tradeList('EURUSD')[0]!.MarketStatus).toBe(0);
    feed.push({ instrumentId: eurusd, bid: 108_700, ask: 108_708, time: t.clock.now, volume: 1 });
    await t.trading!.idle();
    expect((await order(position.id)).status).toBe(1);
    t.clock.advance(5 * 60_000);
    await tick(108_700);
    expect(await order(position.id)).toMatchObject({ status: 3, close_reason: 'take-profit' });
  });

  it.skipIf(skip)('cancels a pending order and returns its reserve to the cent', async () => {
    const before = await account();
    const pending = await t.trading!.placePending(user, request('buy', 108_000n));
    const cancelled = await t.trading!.cancel(user, pending.id);
    expect(cancelled).toMatchObject({ status: 'history', closeReason: 'cancelled' });
    expect(await account()).toEqual(before);
    await expect(t.trading!.cancel(user, pending.id)).rejects.toMatchObject({
      result: 'ORDER_NOT_OPEN',
    });
    await tick(107_900); // the cancelled order never fills
    expect((await order(pending.id)).status).toBe(3);
  });

  it.skipIf(skip)(
    'resets a demo account: cancels pending orders, closes positions, restores the funds',
    async () => {
      const pending = await t.trading!.placePending(user, request('buy', 108_000n));
      const position = await t.trading!.openMarket(user, {
        ...request('sell', 0n),
        takeProfit: asPricePoints(108_000n),
      });
      await tick(108_520);
      const reset = await t.call(
        'GET',
        '/v1/api/main/user/resetForexDemoAccount',
        {},
        { authorization: token },
      );
      expect(reset.data).toEqual({ balance: 100000, lock_balance: 0 });
      expect(await order(pending.id)).toMatchObject({ status: 3, close_reason: 'demo-reset' });
      expect(await order(position.id)).toMatchObject({
        status: 3,
        close_reason: 'demo-reset',
        close_price: 108_528,
      });
      expect(await account()).toEqual({
        balance: 100_000_000_000n,
        lock: 0n,
        ledgerSum: 100_000_000_000n,
      });
      expect(t.trading!.watching(eurusd)).toBe(0);
    },
  );

  it.skipIf(skip)('refuses a pending order without a price or beyond the balance', async () => {
    await expect(t.trading!.placePending(user, request('buy', 0n))).rejects.toMatchObject({
      result: 'PRICE_REQUIRED',
    });
    await expect(
      t.trading!.placePending(user, {
        ...request('buy', 108_000n),
        lots: asLots(490_000n),
        leverage: 50,
      }),
    ).rejects.toMatchObject({
      result: 'INSUFFICIENT_MARGIN',
    });
    expect((await account()).lock).toBe(0n);
  });
});

describe.each(DIALECTS)('trading after a restart on $name', ({ name, skip }) => {
  it.skipIf(skip)('rebuilds pending orders and take profits from the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-restart-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'none'),
      PASSWORD_HASH_COST: '10',
      SAMPLE_TRADERS: 'false',
    });
    const { createTestStore } = await import('../../testing/dialects.ts');
    const store = await createTestStore(name);
    const clock = { now: Date.UTC(2026, 10, 2, 12, 0) };
    try {
      const feed1 = createScriptedFeed();
      const first = withHandles(
        await buildApp({
          config,
          store,
          now: () => clock.now,
          logger: false,
          market: { feed: feed1 },
        }),
      );
      await first.app.ready();
      const id = first.market!.tradeList('EURUSD')[0]!.Id;
      feed1.push({ instrumentId: id, bid: 108_500, ask: 108_508, time: clock.now, volume: 1 });
      const session = (
        await first.app.inject({
          method: 'GET',
          url: '/api/user/createAccountDemoForU?demo_id=restart-trader-1',
        })
      ).json().data;
      const row = await store.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      const user = { id: Number(row.id), isDemo: true } as UserRecord;
      const limit = await first.trading!.placePending(user, {
        instrumentId: id,
        side: 'buy',
        lots: asLots(10_000n),
        leverage: 100,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
        target: asPricePoints(108_400n),
      });
      const position = await first.trading!.openMarket(user, {
        instrumentId: id,
        side: 'buy',
        lots: asLots(10_000n),
        leverage: 100,
        takeProfit: asPricePoints(108_700n),
        stopLoss: NO_PRICE,
      });
      await first.app.close();

      const feed2 = createScriptedFeed();
      const second = withHandles(
        await buildApp({
          config,
          store,
          now: () => clock.now,
          logger: false,
          market: { feed: feed2 },
        }),
      );
      await second.app.ready();
      expect(second.trading!.watching(id)).toBe(2);
      // Live figures come back too: the open position and the balance, without a command.
      expect(second.trading!.live(user.id)).toMatchObject({
        orders: [{ Id: position.id, FactProfits: -8 }],
        summary: { current_margin: 1085.08 },
      });
      clock.now += 1000;
      feed2.push({ instrumentId: id, bid: 108_390, ask: 108_398, time: clock.now, volume: 1 });
      clock.now += 1000;
      feed2.push({ instrumentId: id, bid: 108_700, ask: 108_708, time: clock.now, volume: 1 });
      await second.trading!.idle();
      const statuses = await store.db
        .selectFrom('orders')
        .select(['id', 'status', 'close_reason'])
        .orderBy('id')
        .execute();
      expect(statuses.map((s) => [Number(s.id), Number(s.status), s.close_reason])).toEqual([
        [limit.id, 1, null],
        [position.id, 3, 'take-profit'],
      ]);
      await second.app.close();
    } finally {
      await store.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
