import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BuildOptions } from '../../app.ts';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { listenForSockets, startTestApp } from '../../testing/test-app.ts';
import { connectSocket } from '../../testing/ws-client.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a socket that does not read may be sent: the behind bound (64 KiB) and a frame or so. */
const MAX_UNREAD_BYTES = 128 * 1024;

/**
 * An app on a scripted feed whose every instrument moves every 20 ms (so every flush has a
 * full board and candles to push), with a clock that follows real time, and the server side
 * of every upgraded connection by the client's port.
 */
async function startTickingApp(gateway: BuildOptions['gateway']) {
  const feed = createScriptedFeed();
  // 200 sockets from one address: above the default cap per address (50).
  const built = await startTestApp('sqlite', { MAX_SOCKETS_PER_ADDRESS: '300' }, { feed }, gateway);
  const clock = built.clock;
  const url = await listenForSockets(built);
  const connections = new Map<number, Socket>();
  built.app.server.on('upgrade', (_request, socket: Socket) => {
    if (socket.remotePort !== undefined) connections.set(socket.remotePort, socket);
  });
  const instruments = built.market!.simulatedInstruments();
  let step = 0;
  const tick = () => {
    step += 1;
    feed.push(
      ...instruments.map((i) => ({
        instrumentId: i.id,
        bid: i.startPoints + (step % 100),
        ask: i.startPoints + (step % 100) + i.spreadPoints,
        time: clock.now,
        volume: 1,
      })),
    );
  };
  let ticking: NodeJS.Timeout | undefined = setInterval(tick, 20);
  const clockTimer = setInterval(() => {
    clock.now += 100;
  }, 100);
  return {
    built,
    url,
    connections,
    topics: ['DAY_MARKET', ...instruments.map((i) => `KLINE.${i.code}`)],
    stopTicking() {
      clearInterval(ticking);
      ticking = undefined;
    },
    async close() {
      clearInterval(ticking);
      clearInterval(clockTimer);
      await built.close();
    },
  };
}

/** A client that upgrades and subscribes, then stops reading its socket (it can still send). */
function openNonReader(url: string, topics: readonly string[]) {
  const socket = new WebSocket(url);
  const state = { openedAt: 0, closedAt: 0, localPort: 0 };
  socket.on('error', () => {});
  socket.on('close', () => {
    state.closedAt = Date.now();
  });
  // ws keeps its net socket private.
  const raw = () => (socket as unknown as { _socket: Socket })._socket;
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      raw().pause();
      state.openedAt = Date.now();
      state.localPort = raw().localPort ?? 0;
      for (const topic of topics) socket.send(JSON.stringify({ type: 'sub', topic }));
      resolve();
    });
  });
  /** Pings at the app level, as a client that means to stay does. */
  const ping = () => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
  };
  return { socket, state, opened, ping, resume: () => raw().resume() };
}

// Issue 23 item 7: a client that keeps pinging but never reads its socket was kept while the
// kernel buffered megabytes for it, because ws's bufferedAmount sees nothing until the
// kernel's buffers are full. The server must cut it within a bounded time, having sent it a
// bounded amount, while a reading client keeps its quotes.
describe('sockets that stop reading', () => {
  let app: Awaited<ReturnType<typeof startTickingApp>> | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('cuts 200 pinging non-readers within a second, bounding what each is sent, and keeps a reader', async () => {
    app = await startTickingApp({ flushMs: 50, idleMs: 1_000, heartbeatMs: 200 });
    const reader = await connectSocket(app.url);
    reader.send({ type: 'sub', topic: 'DAY_MARKET' });
    await reader.next((f) => f.topic === 'DAY_MARKET');
    const topics = app.topics;
    const nonReaders = Array.from({ length: 200 }, () => openNonReader(app!.url, topics));
    // Every socket pings, and the idle sweep (idleMs 1 s of a clock that follows real time)
    // would cut one that did not.
    const pinging = setInterval(() => {
      reader.send({ type: 'ping' });
      for (const client of nonReaders) client.ping();
    }, 100);
    try {
      await Promise.all(nonReaders.map((c) => c.opened));
      const started = Date.now();
      while (Date.now() - started < 4_000 && nonReaders.some((c) => !c.state.closedAt))
        await pause(50);
      const lifetimes = nonReaders.map((c) => (c.state.closedAt || Date.now()) - c.state.openedAt);
      const sentBytes = nonReaders.map(
        (c) => app!.connections.get(c.state.localPort)?.bytesWritten ?? Number.POSITIVE_INFINITY,
      );
      const open = nonReaders.filter((c) => !c.state.closedAt);
      console.info(
        `non-readers: ${open.length} of 200 open after ${Date.now() - started} ms; ` +
          `longest lifetime ${Math.max(...lifetimes)} ms; most bytes sent to one ${Math.max(...sentBytes)}`,
      );
      expect(open).toHaveLength(0);
      // Two heartbeats after the probe, and the client's next write meets the reset.
      expect(Math.max(...lifetimes)).toBeLessThan(1_500);
      expect(Math.max(...sentBytes)).toBeLessThanOrEqual(MAX_UNREAD_BYTES);

      // The reader was never cut, and still gets fresh quotes.
      const quotes = () => reader.frames.filter((f) => f.topic === 'DAY_MARKET').length;
      const before = quotes();
      await pause(300);
      expect(quotes()).toBeGreaterThan(before);
      expect(reader.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(pinging);
      reader.socket.close();
      for (const { socket } of nonReaders) socket.terminate();
    }
  });

  it('holds market frames for a client that falls behind, and gives it the newest once it reads', async () => {
    app = await startTickingApp({ flushMs: 50, idleMs: 5_000, heartbeatMs: 2_000 });
    const lagging = openNonReader(app.url, app.topics);
    await lagging.opened;
    const server = app.connections.get(lagging.state.localPort)!;
    const quotes = new Map<number, number>();
    lagging.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.topic === 'DAY_MARKET')
        for (const q of frame.data) quotes.set(q.Id, Math.max(quotes.get(q.Id) ?? 0, q.seq));
    });
    // Behind for a second, less than a heartbeat: held, not cut.
    await pause(1_000);
    const sentWhileBehind = server.bytesWritten;
    app.stopTicking();
    await pause(100);
    lagging.resume();
    await pause(500);
    expect(lagging.socket.readyState).toBe(WebSocket.OPEN);
    expect(sentWhileBehind).toBeLessThanOrEqual(MAX_UNREAD_BYTES);
    // The ticks stopped while it was behind: only what was held brings it the newest quotes.
    const board = app.built.market!.tradeList(undefined);
    expect(Object.fromEntries(quotes)).toEqual(Object.fromEntries(board.map((i) => [i.Id, i.Seq])));
    lagging.socket.terminate();
  });
});
