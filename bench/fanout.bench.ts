// Fan-out: thousands of WebSocket clients subscribed to DAY_MARKET on loopback. Measures
// delivered quotes per second and tick-to-client latency for our gateway and for a bare ws
// broadcast server, in the same run, and prints their ratios. Bounded: it stops by itself.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TICKS_PER_SECOND = Number(process.env.BENCH_TICKS ?? 80);

interface Result {
  framesPerSecond: number;
  quotesPerSecond: number;
  p50: number;
  p99: number;
}

function startServer(mode: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'fanout-server.ts'), mode, String(TICKS_PER_SECOND)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  // A bench that fails half-way must not leave its server running.
  process.once('exit', () => child.kill('SIGKILL'));
  return new Promise((resolve) => {
    readline
      .createInterface({ input: child.stdout! })
      .once('line', (line) => resolve({ child, port: Number(line) }));
  });
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

async function measure(mode: 'platform' | 'bare'): Promise<Result> {
  const { child, port } = await startServer(mode);
  const url = mode === 'platform' ? `ws://127.0.0.1:${port}/v1/ws` : `ws://127.0.0.1:${port}`;
  const sockets: WebSocket[] = [];
  let frames = 0;
  let quotes = 0;
  let measuring = false;
  const latencies = new Float64Array(5_000_000);
  let samples = 0;
  for (let i = 0; i < CLIENTS; i++) {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
    // Only a sample of clients parse frames, so that measuring does not starve the server.
    const parses = i % 20 === 0;
    socket.on('message', (data) => {
      if (!measuring) return;
      frames += 1;
      if (!parses) return;
      const now = Date.now();
      const frame = JSON.parse(data.toString());
      const items = Array.isArray(frame.data) ? frame.data : [frame.data];
      quotes += items.length * 20;
      for (const item of items)
        if (samples < latencies.length) latencies[samples++] = now - item.time;
    });
    sockets.push(socket);
  }
  child.stdin!.write('go\n');
  await new Promise((r) => setTimeout(r, 1000));
  measuring = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  child.stdin!.write('stop\n');
  for (const socket of sockets) socket.terminate();
  const sorted = latencies.slice(0, samples).sort();
  return {
    framesPerSecond: frames / SECONDS,
    quotesPerSecond: quotes / SECONDS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

const ours = await measure('platform');
const bare = await measure('bare');
const row = (name: string, r: Result) =>
  `${name.padEnd(22)} ${r.framesPerSecond.toFixed(0).padStart(10)} ${r.quotesPerSecond.toFixed(0).padStart(12)} ${r.p50.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)}`;
console.info(
  `\nWebSocket fan-out: ${CLIENTS} clients on DAY_MARKET, ${TICKS_PER_SECOND} ticks/s, ${SECONDS} s`,
);
console.info(
  `${'server'.padEnd(22)} ${'frames/s'.padStart(10)} ${'quotes/s'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
);
console.info(row('gateway (conflating)', ours));
console.info(row('bare ws broadcast', bare));
console.info(
  `ratio gateway/bare: quotes delivered ${(ours.quotesPerSecond / bare.quotesPerSecond).toFixed(2)}, p50 latency ${(ours.p50 / bare.p50).toFixed(2)}, p99 latency ${(ours.p99 / bare.p99).toFixed(2)}`,
);
process.exit(0);
