// `npm run bench`: every benchmark, each printing its figures against a baseline measured
// in the same run. Bounded: each stops by itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfStale();
// Each bench states its figures against their goals here; bench/summary.ts prints them last.
const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-')), 'goals.jsonl');
for (const bench of [
  'bench/engine.bench.ts',
  'bench/stop-out.bench.ts',
  'bench/trailing.bench.ts',
  'bench/alerts.bench.ts',
  'bench/alert-push.bench.ts',
  'bench/positions-soak.bench.ts',
  'bench/orders.bench.ts',
  'bench/positions-held.bench.ts',
  'bench/fanout.bench.ts',
  'bench/cluster.bench.ts',
  'bench/copy.bench.ts',
  'bench/home.bench.ts',
  'bench/lighthouse.bench.ts',
  'bench/summary.ts',
]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', bench], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SUMMARY: summary },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
