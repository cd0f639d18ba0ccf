import { TOPICS } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { createBoardSnapshot } from './board-snapshot.ts';
import { createScriptedFeed } from './feed/feed.ts';
import type { MarketService } from './market.service.ts';

// Issue 24 item 7: every DAY_MARKET subscription walked and serialized the whole board.
describe('the DAY_MARKET board snapshot', () => {
  const feed = createScriptedFeed();
  let t: TestApp;
  let market: MarketService;

  beforeAll(async () => {
    // The gateway's own flush would publish between the steps below.
    t = await startTestApp('sqlite', {}, { feed }, { flushMs: 3_600_000 });
    market = t.market!;
  });
  afterAll(() => t.close());

  const fresh = () => JSON.stringify({ topic: TOPICS.dayMarket, data: market.currentQuotes() });

  it('is serialized once per change of the board, however many subscribers ask', () => {
    const snapshot = createBoardSnapshot(market);
    const askedBy = (subscribers: number) =>
      new Set(Array.from({ length: subscribers }, () => snapshot.current().frame));

    expect(askedBy(500)).toEqual(new Set([fresh()]));
    expect(snapshot.serializations()).toBe(1);

    // A tick moves a quote (and its day figures): the next subscriber sees it.
    const [first] = market.simulatedInstruments();
    const bid = first!.startPoints + 7;
    feed.push({ instrumentId: first!.id, bid, ask: bid + 1, time: Date.now(), volume: 1 });
    expect(askedBy(500)).toEqual(new Set([fresh()]));
    expect(snapshot.serializations()).toBe(2);

    // Publishing advances that quote's sequence number, which the board carries too.
    expect(market.publishQuotes()).toHaveLength(1);
    expect(askedBy(500)).toEqual(new Set([fresh()]));
    expect(snapshot.serializations()).toBe(3);

    // Nothing left to publish changes nothing.
    expect(market.publishQuotes()).toHaveLength(0);
    expect(askedBy(500)).toEqual(new Set([fresh()]));
    expect(snapshot.serializations()).toBe(3);
    expect(snapshot.current().bytes).toBe(Buffer.byteLength(fresh()));
  });
});
