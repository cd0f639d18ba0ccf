// The server as it grows (issue 23, item 4): the event loop's delay and the CPU the process
// spends on the simulated market, with no open positions and then with POSITIONS open (demo
// accounts of 200 positions each, spread over every instrument), in one process, on the same
// market, one after the other. Before the stop-out screen, 8 949 positions took the delay's
// p99 from 45 ms to 229–525 ms and the CPU to 94 % with no client at all. Bounded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { NO_PRICE } from '@tradedesk/engine';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createUsersRepository } from '../packages/server/src/domains/users/users.repository.ts';
import { isAppError } from '../packages/server/src/platform/http/app-error.ts';
import { withHandles } from '../packages/server/src/testing/app-handles.ts';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 9_000);
const MEASURE_MS = Number(process.env.BENCH_SOAK_MS ?? 10_000);
const PER_ACCOUNT = 200;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-soak-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SAMPLE_TRADERS: 'false',
  MAX_OPEN_ORDERS: String(PER_ACCOUNT),
  WEB_DIST: path.join(dataDir, 'no-web'),
});
// Tuesday 2026-11-03 10:00 New York, then real time: every market open.
const offset = Date.UTC(2026, 10, 3, 15, 0) - Date.now();
const built = withHandles(
  await buildApp({ config, now: () => Date.now() + offset, logger: false }),
);
await built.app.ready();

async function measure(): Promise<{ p50: number; p99: number; max: number; cpu: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  delay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const wall = (performance.now() - started) * 1_000;
  return {
    p50: delay.percentile(50) / 1e6,
    p99: delay.percentile(99) / 1e6,
    max: delay.max / 1e6,
    cpu: ((cpu.user + cpu.system) / wall) * 100,
  };
}

const empty = await measure();

// Demo accounts (through the real endpoint), each filled with market orders of 0.01 lot.
const users = createUsersRepository(built.store.db);
const instruments = built.market!.listed();
let opened = 0;
const openStarted = performance.now();
for (let account = 0; opened < POSITIONS; account++) {
  const session = await built.app.inject({
    method: 'GET',
    url: `/api/user/createAccountDemoForU?demo_id=${crypto.randomUUID()}`,
    remoteAddress: `10.0.${account >> 8}.${account & 255}`,
  });
  const user = await users.findById(session.json().data.user.id);
  for (let i = 0; i < PER_ACCOUNT && opened < POSITIONS; i++) {
    const instrument = instruments[(account * PER_ACCOUNT + i) % instruments.length]!;
    const spec = built.market!.spec(instrument.id);
    try {
      await built.trading!.openMarket(user!, {
        instrumentId: instrument.id,
        side: i % 2 === 0 ? 'buy' : 'sell',
        lots: spec.minLots,
        // Fixed-margin instruments take no leverage (0); the others their highest.
        leverage: instrument.marginMode === 1 ? 0 : instrument.leverage.at(-1)!,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
      opened += 1;
    } catch (error) {
      // A closed market or a margin the demo cannot pay: the next instrument instead.
      if (!isAppError(error)) throw error;
    }
  }
}
const openMs = performance.now() - openStarted;
const loaded = await measure();
const { boxed, close } = built.trading!.screenCounts();

console.info(
  `\nServer soak: the simulated market for ${MEASURE_MS / 1000} s with no positions, then with ${opened} open (${(openMs / 1000).toFixed(0)} s to open them); the stop-out screen holds ${boxed} accounts boxed, ${close} watched on every tick`,
);
console.info(
  `${'open positions'.padEnd(16)} ${'loop p50 ms'.padStart(12)} ${'loop p99 ms'.padStart(12)} ${'loop max ms'.padStart(12)} ${'CPU %'.padStart(7)}`,
);
for (const [name, m] of [
  ['0', empty],
  [String(opened), loaded],
] as const)
  console.info(
    `${name.padEnd(16)} ${m.p50.toFixed(1).padStart(12)} ${m.p99.toFixed(1).padStart(12)} ${m.max.toFixed(1).padStart(12)} ${m.cpu.toFixed(1).padStart(7)}`,
  );
console.info(
  `ratio with/without positions: loop p99 ${(loaded.p99 / empty.p99).toFixed(2)}×, CPU ${(loaded.cpu / empty.cpu).toFixed(2)}×`,
);
await built.app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
