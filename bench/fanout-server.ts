// A server process for the fan-out benchmark: `platform` (our gateway, conflating) or
// `bare` (a plain ws broadcast of every tick). Prints its port, then pushes ticks at a fixed
// rate when told "go" on stdin, each stamped with the wall clock for latency.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createScriptedFeed } from '../packages/server/src/domains/market/feed/feed.ts';
import { withHandles } from '../packages/server/src/testing/app-handles.ts';

const mode = process.argv[2] as 'platform' | 'bare';
const ticksPerSecond = Number(process.argv[3] ?? 80);
const INSTRUMENTS = 33;

let push: (instrument: number, bid: number, time: number) => void;

if (mode === 'platform') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    // Thousands of clients on loopback: one address, far past the cap per address.
    MAX_SOCKETS_PER_ADDRESS: '100000',
  });
  const feed = createScriptedFeed();
  const { app, market } = withHandles(await buildApp({ config, logger: false, market: { feed } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ids = market!.tradeList(undefined).map((i) => i.Id);
  push = (instrument, bid, time) =>
    feed.push({ instrumentId: ids[instrument % ids.length]!, bid, ask: bid + 8, time, volume: 1 });
  process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
} else {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => server.on('listening', resolve));
  const subscribed = new Set<import('ws').WebSocket>();
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'sub') subscribed.add(socket);
    });
    socket.on('close', () => subscribed.delete(socket));
  });
  let seq = 0;
  push = (instrument, bid, time) => {
    // The naive way: every tick serialized once and sent to everyone at once.
    const frame = JSON.stringify({
      topic: 'DAY_MARKET',
      data: {
        Id: instrument,
        Code: `I${instrument}`,
        Close: bid / 1e5,
        bid: bid / 1e5,
        ask: (bid + 8) / 1e5,
        time,
        seq: ++seq,
      },
    });
    for (const socket of subscribed) socket.send(frame);
  };
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
}

process.stdin.on('data', (chunk) => {
  if (!chunk.toString().includes('go')) return;
  let n = 0;
  const interval = 1000 / ticksPerSecond;
  const started = Date.now();
  // Ticks on schedule (catching up if the loop lags), each stamped when pushed.
  const timer = setInterval(() => {
    const due = Math.floor((Date.now() - started) / interval);
    for (; n < due; n++) push(n % INSTRUMENTS, 100_000 + (n % 500), Date.now());
  }, 5);
  process.stdin.on('data', (more) => {
    if (more.toString().includes('stop')) {
      clearInterval(timer);
      process.exit(0);
    }
  });
});
