import type { AddressInfo } from 'node:net';
import type { Instrument } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { connectSocket } from '../../testing/ws-client.ts';

// 2026-11-02 is a Monday, New York on EST (UTC−5): US stocks trade 14:30–21:00 UTC.
const MONDAY_15_59_NEW_YORK = Date.UTC(2026, 10, 2, 20, 59);
const MONDAY_16_00_NEW_YORK = Date.UTC(2026, 10, 2, 21, 0);
const TUESDAY_09_30_NEW_YORK = Date.UTC(2026, 10, 3, 14, 30);

// A closed market has no ticks, so nothing but the clock can tell an open page that AAPL
// closed at 16:00: its quote goes out again, with the status and the time it reopens.
describe('DAY_MARKET across a session boundary', () => {
  let t: TestApp;
  let url: string;
  let aapl: Instrument;

  beforeEach(async () => {
    t = await startTestApp('sqlite', {}, { feed: createScriptedFeed() });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws`;
    aapl = t.market!.tradeList('AAPL')[0]!;
  });
  afterEach(async () => {
    await t.close();
  });

  it('pushes the market closing at 16:00 New York and opening at 09:30, untouched by ticks', async () => {
    t.clock.now = MONDAY_15_59_NEW_YORK;
    const client = await connectSocket(url);
    client.send({ type: 'sub', topic: 'DAY_MARKET' });
    const board = await client.next((f) => f.topic === 'DAY_MARKET');
    const before = board.data.find((q: { Id: number }) => q.Id === aapl.Id);
    expect(before).toMatchObject({ MarketStatus: 1, NextOpen: null });
    // A flush at 15:59 sees the market open, as the board did.
    await new Promise((resolve) => setTimeout(resolve, 250));

    /** AAPL's first quote pushed after the one of sequence `seq`. */
    const aaplAfter = async (seq: number) => {
      const isNews = (q: { Id: number; seq: number }) => q.Id === aapl.Id && q.seq > seq;
      const frame = await client.next((f) => f.topic === 'DAY_MARKET' && f.data.some(isNews));
      return frame.data.find(isNews);
    };

    t.clock.now = MONDAY_16_00_NEW_YORK;
    expect(await aaplAfter(before.seq)).toMatchObject({
      Code: 'AAPL',
      bid: before.bid,
      seq: before.seq + 1,
      MarketStatus: 0,
      NextOpen: TUESDAY_09_30_NEW_YORK,
    });
    // trade_list agrees, at the same sequence.
    expect(t.market!.tradeList('AAPL')[0]).toMatchObject({
      MarketStatus: 0,
      NextOpen: TUESDAY_09_30_NEW_YORK,
      Seq: before.seq + 1,
    });

    t.clock.now = TUESDAY_09_30_NEW_YORK;
    expect(await aaplAfter(before.seq + 1)).toMatchObject({
      seq: before.seq + 2,
      MarketStatus: 1,
      NextOpen: null,
    });
    client.socket.close();
  });
});
