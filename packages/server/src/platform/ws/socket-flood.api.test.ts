import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { listenForSockets, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { connectSocket, type SocketClient } from '../../testing/ws-client.ts';
import { MESSAGE_RATE } from './message-rate.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FLOOD = 1_500;

/** What a socket receives, counted on the wire: frames and bytes. */
function countReceived(client: SocketClient) {
  const received = { frames: 0, bytes: 0 };
  client.socket.on('message', (data: Buffer) => {
    received.frames += 1;
    received.bytes += data.length;
  });
  return received;
}

/** The close code, or undefined if the socket is still open after `withinMs`. */
const closeCode = (client: SocketClient, withinMs = 3_000) =>
  Promise.race([client.closed, pause(withinMs).then(() => undefined)]);

// Issue 24 item 7: each 35-byte `sub DAY_MARKET` re-sent (and re-serialized) the whole board,
// so that 1 500 small frames drew megabytes back. A socket past its message rate is closed,
// a repeated subscription sends nothing, and the board is serialized once per change.
describe('a socket that floods the gateway', () => {
  const feed = createScriptedFeed();
  let built: TestApp;
  let url: string;

  beforeAll(async () => {
    // 50 subscribers and more from one address (loopback): above the default cap per address.
    const env = { MAX_SOCKETS_PER_ADDRESS: '100' };
    built = await startTestApp('sqlite', env, { feed }, { flushMs: 50 });
    url = await listenForSockets(built);
  });
  afterAll(() => built.close());

  /** Every instrument moves a step. */
  function tick(step: number): void {
    feed.push(
      ...built.market!.simulatedInstruments().map((i) => ({
        instrumentId: i.id,
        bid: i.startPoints + step,
        ask: i.startPoints + step + i.spreadPoints,
        time: Date.now(),
        volume: 1,
      })),
    );
  }

  it('gets the board once for 1 500 `sub DAY_MARKET` frames, and is closed with 1008', async () => {
    const client = await connectSocket(url);
    const received = countReceived(client);
    const sub = JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' });
    expect(Buffer.byteLength(sub)).toBe(35);
    for (let i = 0; i < FLOOD; i++) client.send(sub);
    const code = await closeCode(client);
    const boards = client.frames.filter((f) => f.topic === 'DAY_MARKET');
    const boardBytes = Buffer.byteLength(JSON.stringify(boards[0]));
    console.info(
      `flood of ${FLOOD} subs: close code ${code}; ${received.frames} frames, ` +
        `${received.bytes} bytes received (one board ${boardBytes} bytes)`,
    );
    expect(code).toBe(1008);
    expect(boards).toHaveLength(1);
    expect(received.bytes).toBeLessThan(2 * boardBytes);
  });

  it('closes a socket that floods pings after its burst of pongs', async () => {
    const client = await connectSocket(url);
    const started = performance.now();
    for (let i = 0; i < FLOOD; i++) client.send({ type: 'ping' });
    const code = await closeCode(client);
    const seconds = (performance.now() - started) / 1000;
    const pongs = client.frames.filter((f) => f.type === 'pong').length;
    console.info(`flood of ${FLOOD} pings: close code ${code}; ${pongs} pongs`);
    expect(code).toBe(1008);
    expect(pongs).toBeGreaterThanOrEqual(MESSAGE_RATE.burst);
    expect(pongs).toBeLessThanOrEqual(MESSAGE_RATE.burst + MESSAGE_RATE.perSecond * seconds + 1);
  });

  it('serializes the board once for 50 subscribers, and again only once the board moved', async () => {
    // It sees each publication, so that the board is known to hold still in between.
    const observer = await connectSocket(url);
    const published = (frames: number) =>
      observer.next(
        () => observer.frames.filter((f) => f.topic === 'DAY_MARKET').length === frames,
      );
    observer.send({ type: 'sub', topic: 'DAY_MARKET' });
    await published(1);
    tick(1);
    await published(2);
    const before = built.marketTopics!.boardSerializations();
    const subscribers = await Promise.all(Array.from({ length: 50 }, () => connectSocket(url)));
    for (const client of subscribers) client.send({ type: 'sub', topic: 'DAY_MARKET' });
    const boards = await Promise.all(
      subscribers.map((client) => client.next((f) => f.topic === 'DAY_MARKET')),
    );
    expect(new Set(boards.map((board) => JSON.stringify(board))).size).toBe(1);
    expect(built.marketTopics!.boardSerializations()).toBe(before + 1);

    tick(2);
    await published(3);
    const late = await connectSocket(url);
    late.send({ type: 'sub', topic: 'DAY_MARKET' });
    const moved = await late.next((f) => f.topic === 'DAY_MARKET');
    expect(moved).not.toEqual(boards[0]);
    expect(built.marketTopics!.boardSerializations()).toBe(before + 2);
    for (const client of [observer, ...subscribers, late]) client.socket.close();
  });

  it('never closes a client that behaves like the web app, even much more eagerly', async () => {
    const codes = built.market!.simulatedInstruments().map((i) => i.code);
    const client = await connectSocket(url);
    let closedWith: number | undefined;
    void client.closed.then((code) => {
      closedWith = code;
    });
    let sent = 0;
    const send = (message: object) => {
      client.send(message);
      sent += 1;
    };
    // A reconnect: the session, then every topic it holds.
    send({ type: 'login', token: 'expired-session' });
    for (const topic of ['DAY_MARKET', 'FOREX_TRADE', 'FOREX_CLOSED', 'CHAT'])
      send({ type: 'sub', topic });
    // Then, while every instrument ticks every 20 ms: a ping every 100 ms (the app pings every
    // 5 s) and a new chart every 250 ms, as if the trader flicked through instruments — for
    // long enough to send more than a burst, so that the bucket's refill is what keeps it.
    let step = 1;
    let pings = 0;
    const ticking = setInterval(() => {
      step += 1;
      tick(step);
    }, 20);
    const pinging = setInterval(() => {
      send({ type: 'ping' });
      pings += 1;
    }, 100);
    let chart = 0;
    const charting = setInterval(() => {
      send({ type: 'unsub', topic: `KLINE.${codes[chart % codes.length]}` });
      chart += 1;
      send({ type: 'sub', topic: `KLINE.${codes[chart % codes.length]}` });
    }, 250);
    try {
      await pause(6_000);
    } finally {
      clearInterval(ticking);
      clearInterval(pinging);
      clearInterval(charting);
    }
    await client.next(
      (f) => f.type === 'pong' && client.frames.filter((x) => x.type === 'pong').length === pings,
    );
    expect(sent).toBeGreaterThan(MESSAGE_RATE.burst);
    expect(closedWith).toBeUndefined();
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(client.frames.filter((f) => f.topic === 'DAY_MARKET').length).toBeGreaterThan(50);
    expect(client.frames.some((f) => f.topic?.startsWith('KLINE.'))).toBe(true);
    expect(client.frames.filter((f) => f.type === 'error')).toEqual([]);
    client.socket.close();
  });
});
