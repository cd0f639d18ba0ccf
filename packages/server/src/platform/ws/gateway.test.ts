import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type BuiltApp, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { type AppHandles, withHandles } from '../../testing/app-handles.ts';
import { createTestStore } from '../../testing/dialects.ts';
import { connectSocket } from '../../testing/ws-client.ts';
import type { Store } from '../db/database.ts';

describe('the WebSocket gateway at /v1/ws', () => {
  const feed = createScriptedFeed();
  const clock = { now: Date.UTC(2026, 10, 2, 12, 0) };
  let built: BuiltApp & AppHandles;
  let store: Store;
  let url: string;
  let dataDir: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-ws-'));
    store = await createTestStore('sqlite');
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'none'),
      PASSWORD_HASH_COST: '10',
      SAMPLE_TRADERS: 'false',
    });
    built = withHandles(
      await buildApp({
        config,
        store,
        now: () => clock.now,
        logger: false,
        market: { feed },
        gateway: { flushMs: 50, idleMs: 400 },
      }),
    );
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(built.app.server.address() as AddressInfo).port}/v1/ws`;
    ids = Object.fromEntries(built.market!.tradeList(undefined).map((i) => [i.Code, i.Id]));
  });
  afterAll(async () => {
    await built.app.close();
    await store.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers ping with pong and a malformed message with an error frame', async () => {
    const client = await connectSocket(url);
    client.send({ type: 'ping' });
    expect(await client.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    client.send('{not json');
    expect(await client.next((f) => f.type === 'error')).toMatchObject({
      type: 'error',
      code: 1000,
    });
    client.send({ type: 'sub', topic: 'NOPE' });
    expect(await client.next((f) => f.type === 'error' && f.code === 404)).toMatchObject({
      msg: 'unknown topic NOPE',
    });
    // Still alive after all that.
    client.send({ type: 'ping' });
    await client.next(
      (f) => f.type === 'pong' && client.frames.filter((x) => x.type === 'pong').length === 2,
    );
    client.socket.close();
  });

  it('starts a DAY_MARKET subscription with the whole board, at the snapshot sequence', async () => {
    const client = await connectSocket(url);
    client.send({ type: 'sub', topic: 'DAY_MARKET' });
    const board = await client.next((f) => f.topic === 'DAY_MARKET');
    const list = built.market!.tradeList(undefined);
    expect(board.data).toHaveLength(list.length);
    for (const instrument of list) {
      expect(board.data.find((q: any) => q.Id === instrument.Id)).toMatchObject({
        Code: instrument.Code,
        bid: instrument.Bid,
        ask: instrument.Ask,
        Close: instrument.ForexQuotations.Close,
        seq: instrument.Seq,
      });
    }
    client.socket.close();
  });

  it('pushes conflated DAY_MARKET quotes with sequence numbers', async () => {
    const client = await connectSocket(url);
    client.send({ type: 'sub', topic: 'DAY_MARKET' });
    // The whole board first (above), then what changes.
    await client.next((f) => f.topic === 'DAY_MARKET' && f.data.length === Object.keys(ids).length);
    await new Promise((r) => setTimeout(r, 120));
    const before = built.market!.tradeList('EURUSD')[0]!.Seq;
    // Many ticks within one flush become one quote: the newest.
    for (let i = 1; i <= 10; i++) {
      feed.push({
        instrumentId: ids.EURUSD!,
        bid: 108_500 + i,
        ask: 108_508 + i,
        time: clock.now + i,
        volume: 1,
      });
    }
    feed.push({
      instrumentId: ids.BTCUSD!,
      bid: 9_700_100,
      ask: 9_702_600,
      time: clock.now + 11,
      volume: 1,
    });
    const frame = await client.next((f) => f.topic === 'DAY_MARKET' && f.data.length < 3);
    expect(frame.data).toHaveLength(2);
    const eur = frame.data.find((q: any) => q.Code === 'EURUSD');
    expect(eur).toMatchObject({
      Id: ids.EURUSD,
      Close: 1.0851,
      bid: 1.0851,
      ask: 1.08518,
      seq: before + 1,
    });
    expect(Object.keys(eur).sort()).toEqual([
      'Change',
      'Close',
      'Code',
      'High',
      'Id',
      'Low',
      'MarketStatus',
      'NextOpen',
      'Open',
      'Volume',
      'ask',
      'bid',
      'seq',
      'time',
    ]);
    // The snapshot reports the same sequence: a client can line the two up.
    expect(built.market!.tradeList('EURUSD')[0]!.Seq).toBe(before + 1);
    feed.push({
      instrumentId: ids.EURUSD!,
      bid: 108_600,
      ask: 108_608,
      time: clock.now + 20,
      volume: 1,
    });
    const second = await client.next(
      (f) => f.topic === 'DAY_MARKET' && f.data.some((q: any) => q.Close === 1.086),
    );
    expect(second.data[0].seq).toBe(before + 2);
    client.send({ type: 'unsub', topic: 'DAY_MARKET' });
    client.socket.close();
  });

  it('pushes the current candles of every period on KLINE.{code}', async () => {
    const client = await connectSocket(url);
    client.send({ type: 'sub', topic: 'KLINE.XAUUSD' });
    await new Promise((r) => setTimeout(r, 120));
    feed.push({
      instrumentId: ids.XAUUSD!,
      bid: 265_123,
      ask: 265_153,
      time: clock.now + 30,
      volume: 4,
    });
    const frame = await client.next((f) => f.topic === 'KLINE.XAUUSD');
    expect(frame.data.map((c: any) => c.period).sort()).toEqual([
      '15min',
      '1day',
      '1min',
      '30min',
      '5min',
      '60min',
    ]);
    for (const candle of frame.data) expect(candle.Close).toBe(2651.23);
    expect(client.frames.some((f) => f.topic === 'DAY_MARKET')).toBe(false);
    client.socket.close();
  });

  it('logs a socket in with a session token, and refuses a bad one', async () => {
    const demo = await built.app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU?demo_id=ws-device-0001',
    });
    const token = demo.json().data.token;
    const client = await connectSocket(url);
    client.send({ type: 'login', token });
    expect(await client.next((f) => f.type === 'login_result')).toEqual({
      type: 'login_result',
      code: 1,
    });
    const other = await connectSocket(url);
    other.send({ type: 'login', token: 'forged' });
    expect(await other.next((f) => f.type === 'login_result')).toEqual({
      type: 'login_result',
      code: 999,
    });
    client.socket.close();
    other.socket.close();
  });

  it('pushes FOREX_TRADE and FOREX_CLOSED to the owner of the orders only', async () => {
    const session = async (device: string) =>
      (
        await built.app.inject({
          method: 'GET',
          url: `/api/user/createAccountDemoForU?demo_id=${device}`,
        })
      ).json().data.token as string;
    const call = async (url: string, token: string, payload: object) =>
      (
        await built.app.inject({
          method: 'POST',
          url,
          headers: { authorization: token, lang: 'en' },
          payload,
        })
      ).json();
    const [alice, bob] = [await session('ws-alice-0001'), await session('ws-bob-00001')];
    const sockets = await Promise.all([connectSocket(url), connectSocket(url), connectSocket(url)]);
    const [mine, theirs, anonymous] = sockets;
    for (const [client, token] of [
      [mine!, alice],
      [theirs!, bob],
    ] as const) {
      client.send({ type: 'login', token });
      await client.next((f) => f.type === 'login_result');
    }
    for (const client of sockets) {
      client.send({ type: 'sub', topic: 'FOREX_TRADE' });
      client.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    }
    const quote = (bid: number) =>
      feed.push({ instrumentId: ids.EURUSD!, bid, ask: bid + 8, time: clock.now, volume: 1 });
    quote(108_500);
    await new Promise((r) => setTimeout(r, 60));
    const placed = await call('/v1/api/forex/submit', alice, {
      type: 1,
      cont: 1,
      forex_id: ids.EURUSD,
      status: 1,
      multiple: 100,
    });
    expect(placed.code).toBe(1);
    quote(108_600);
    const live = await mine!.next(
      (f) => f.topic === 'FOREX_TRADE' && f.data.orders[0]?.FactProfits === 92,
    );
    expect(live.data.orders).toEqual([
      { Id: placed.data.Id, UpdatePrice: 1.086, FactProfits: 92, TargetLossPrice: 0 },
    ]);
    expect(live.data.summary).toMatchObject({
      all_fact_profits: 92,
      balance: 98914.37746,
      current_margin: 1085.08,
      // Free margin and margin level move with the quote: equity 100 091.45746 over 1 085.08
      // is 9 224.3389…%, shown rounded down (never above the real level).
      available_prepayment: 99006.37746,
      prepayment_ratio: 9224.33,
    });

    const closed = await call('/v1/api/forex/close', alice, { id: placed.data.Id });
    expect(closed.code).toBe(1);
    expect(await mine!.next((f) => f.topic === 'FOREX_CLOSED')).toEqual({
      topic: 'FOREX_CLOSED',
      data: {
        Id: placed.data.Id,
        CloseReason: 'manual',
        FactProfits: 92,
        Code: 'EURUSD',
        PricePrecision: 5,
        OrderType: 1,
        Quantity: 1,
        ClosePrice: 1.086,
        CloseTime: clock.now,
      },
    });
    await new Promise((r) => setTimeout(r, 120));
    const leaked = [...theirs!.frames, ...anonymous!.frames].filter(
      (f) =>
        f.topic === 'FOREX_CLOSED' ||
        (f.topic === 'FOREX_TRADE' && f.data.orders.some((o: any) => o.Id === placed.data.Id)),
    );
    expect(leaked).toEqual([]);
    expect(anonymous!.frames.some((f) => f.topic === 'FOREX_TRADE')).toBe(false);
    for (const client of sockets) client.socket.close();
  });

  it('says in FOREX_CLOSED what a take profit or stop loss closed, at what price and when', async () => {
    const token = (
      await built.app.inject({
        method: 'GET',
        url: '/api/user/createAccountDemoForU?demo_id=ws-stops-00001',
      })
    ).json().data.token as string;
    const submit = async (payload: object) =>
      (
        await built.app.inject({
          method: 'POST',
          url: '/v1/api/forex/submit',
          headers: { authorization: token, lang: 'en' },
          payload,
        })
      ).json();
    const client = await connectSocket(url);
    // This suite closes sockets silent for 400 ms; the app pings, and so does this test: on a
    // loaded machine the two orders below once took longer and the socket was closed as idle.
    const pinging = setInterval(() => client.send({ type: 'ping' }), 100);
    onTestFinished(() => clearInterval(pinging));
    client.send({ type: 'login', token });
    await client.next((f) => f.type === 'login_result');
    client.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    const quote = (bid: number) =>
      feed.push({ instrumentId: ids.EURUSD!, bid, ask: bid + 8, time: clock.now, volume: 1 });
    quote(108_500);
    await new Promise((r) => setTimeout(r, 60));
    // A buy of 0.1 lot at 1.08508 taking profit at 1.08550; a sell of 0.2 lot at 1.08500
    // stopping its loss at 1.08560 (the ask reaches it).
    const buy = await submit({
      type: 1,
      cont: 0.1,
      forex_id: ids.EURUSD,
      status: 1,
      multiple: 100,
      target_profit_price: 1.0855,
    });
    const sell = await submit({
      type: 2,
      cont: 0.2,
      forex_id: ids.EURUSD,
      status: 1,
      multiple: 100,
      stop_loss_price: 1.0856,
    });
    expect([buy.code, sell.code]).toEqual([1, 1]);
    clock.now += 1_000;
    // The market keeps ticking at 1.08600: orders reach the trigger books after their commit,
    // so on a loaded machine the first tick may come before they are watched.
    quote(108_600);
    const ticking = setInterval(() => quote(108_600), 200);
    onTestFinished(() => clearInterval(ticking));
    const closes = [
      await client.next((f) => f.topic === 'FOREX_CLOSED' && f.data.Id === buy.data.Id, 10_000),
      await client.next((f) => f.topic === 'FOREX_CLOSED' && f.data.Id === sell.data.Id, 10_000),
    ];
    clearInterval(ticking);
    expect(closes.map((f) => f.data)).toEqual([
      {
        Id: buy.data.Id,
        CloseReason: 'take-profit',
        FactProfits: expect.any(Number),
        Code: 'EURUSD',
        PricePrecision: 5,
        OrderType: 1,
        Quantity: 0.1,
        ClosePrice: expect.any(Number),
        CloseTime: clock.now,
      },
      {
        Id: sell.data.Id,
        CloseReason: 'stop-loss',
        FactProfits: expect.any(Number),
        Code: 'EURUSD',
        PricePrecision: 5,
        OrderType: 2,
        Quantity: 0.2,
        ClosePrice: expect.any(Number),
        CloseTime: clock.now,
      },
    ]);
    // The figures are the closed orders' own, as my_deal's history gives them.
    const history = (
      await built.app.inject({
        method: 'GET',
        url: '/v1/api/forex/my_deal?status=3',
        headers: { authorization: token },
      })
    ).json().data.data as { Id: number; ClosePrice: number; FactProfits: number }[];
    for (const { data } of closes) {
      const row = history.find((o) => o.Id === data.Id)!;
      expect([data.ClosePrice, data.FactProfits]).toEqual([row.ClosePrice, row.FactProfits]);
    }
    expect(closes[0]!.data.FactProfits).toBeGreaterThan(0);
    expect(closes[1]!.data.FactProfits).toBeLessThan(0);

    // my_deal's auto_closed history lists those two, not what the trader closed by hand: the
    // notices of closes that happened while the app was shut.
    const manual = await submit({
      type: 1,
      cont: 0.1,
      forex_id: ids.EURUSD,
      status: 1,
      multiple: 100,
    });
    const closedByHand = await built.app.inject({
      method: 'POST',
      url: '/v1/api/forex/close',
      headers: { authorization: token },
      payload: { id: manual.data.Id },
    });
    expect(closedByHand.json().code).toBe(1);
    const historyOf = async (query: string) =>
      (
        await built.app.inject({
          method: 'GET',
          url: `/v1/api/forex/my_deal?status=3${query}`,
          headers: { authorization: token },
        })
      ).json().data as { data: { Id: number; CloseReason: string }[]; total: number };
    const all = await historyOf('');
    const auto = await historyOf('&auto_closed=1');
    expect(all.total).toBe(3);
    expect(auto.total).toBe(2);
    expect(auto.data.map((o) => o.CloseReason).sort()).toEqual(['stop-loss', 'take-profit']);
    client.socket.close();
  });

  it('closes sockets that stay silent', async () => {
    const client = await connectSocket(url);
    clock.now += 1_000;
    expect(await client.closed).toBe(4000);
  });

  it('refuses other paths', async () => {
    await expect(connectSocket(url.replace('/v1/ws', '/elsewhere'))).rejects.toThrow();
  });
});
