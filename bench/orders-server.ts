// A server process for the order-placement benchmark: `platform` (the whole server as
// `npm start` runs it, with the simulated market, on SQLite or on BENCH_DATABASE_URL's
// PostgreSQL) or `trivial` (a bare Fastify route answering an envelope). Prints its port.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import {
  type PhaseTrace,
  slowestBreakdown,
} from '../packages/server/src/platform/metrics/phase-trace.ts';

const mode = process.argv[2] as 'platform' | 'trivial';

if (mode === 'platform') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-orders-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    // The bench's users arrive from many addresses (X-Forwarded-For), as behind a proxy.
    TRUST_PROXY: 'true',
    // Each user keeps every order open: the cap on open orders would end the run early.
    MAX_OPEN_ORDERS: '100000',
    MAX_PENDING_ORDERS: '100000',
    // The strategy bots would trade beside the bench on SQLite only: off, for the same load on both.
    SAMPLE_TRADERS: 'false',
    ...(process.env.BENCH_DATABASE_URL && { DATABASE_URL: process.env.BENCH_DATABASE_URL }),
    ...(process.env.SQLITE_SYNCHRONOUS && { SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS }),
  });
  // Tuesday 2026-11-03 10:00 New York, then real time: every market open.
  const offset = Date.UTC(2026, 10, 3, 15, 0) - Date.now();
  // BENCH_TRACE_FILE=path: every request's phases are traced; the slowest 1 % are broken
  // down into that file when the server stops.
  const traces: PhaseTrace[] = [];
  const traceFile = process.env.BENCH_TRACE_FILE;
  const { app } = await buildApp({
    config,
    logger: false,
    now: () => Date.now() + offset,
    ...(traceFile && { phaseTraces: (trace: PhaseTrace) => traces.push(trace) }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
  // The bench's warm-up is over: only what follows is broken down.
  process.on('SIGUSR2', () => {
    traces.length = 0;
  });
  process.on('SIGTERM', async () => {
    await app.close();
    if (traceFile) fs.writeFileSync(traceFile, JSON.stringify(slowestBreakdown(traces, 0.01)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
} else {
  const app = Fastify({ logger: false });
  app.post('/v1/api/forex/submit', async () => ({ code: 1, msg: 'Success', data: null }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${(app.server.address() as AddressInfo).port}\n`);
  process.on('SIGTERM', () => process.exit(0));
}
