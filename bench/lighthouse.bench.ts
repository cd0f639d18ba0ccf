// Lighthouse in its mobile profile (simulated slow 4G, 4× CPU slowdown, a 412×823 phone) on
// the home and trade screens of the platform as `npm start` serves it, beside a trivial
// static page from the same server in the same run. Debian's Chromium, a fresh one per run;
// each page is measured RUNS times and the median run (by performance score) is printed.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { reportGoal } from './goals.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// LIGHTHOUSE_REPORTS=dir keeps each run's full report there (what to fix, and where).
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed in the run (higher is faster). */
  benchmarkIndex: number;
  failed: string[];
}

const server = spawn(process.execPath, ['--import', 'tsx', 'bench/platform-server.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
// A bench that fails half-way must not leave its server running.
process.once('exit', () => server.kill('SIGKILL'));
const baseUrl = await new Promise<string>((resolve, reject) => {
  // The server's log shares stdout: its address is the line that starts with http.
  let out = '';
  server.stdout!.on('data', (data) => {
    out += String(data);
    const url = /^http:\/\/\S+$/m.exec(out)?.[0];
    if (url) resolve(url);
  });
  server.once('exit', (code) => reject(new Error(`the platform exited with ${code}`)));
});

/** One Lighthouse run in a browser of its own (a fresh profile, nothing cached). */
async function lighthouseRun(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The flags the browser tests use; Lighthouse adds its own emulation and throttling.
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    return await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
  } finally {
    chrome.kill();
  }
}

async function audit(name: string, run: number, url: string): Promise<Figures> {
  let result = await lighthouseRun(url);
  // Lighthouse now and then fails to record a trace and says to run it again: so it does.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
    result = await lighthouseRun(url);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    fs.writeFileSync(
      path.join(REPORTS, `${name.replaceAll(' ', '-')}-${run}.json`),
      String(result.report),
    );
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The audits that cost points in accessibility and best practices, to say what to fix.
  const failed = ['accessibility', 'best-practices'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failed,
  };
}

const pages: [string, string][] = [
  ['trivial static page', `${baseUrl}/baseline.html`],
  ['home', `${baseUrl}/#/`],
  ['trade', `${baseUrl}/#/trade?code=EURUSD`],
];
// Round by round, every page once per round: the machine's speed drifts over minutes (see
// the bench column), and this way each page meets the same drift.
const runs = new Map<string, Figures[]>(pages.map(([name]) => [name, []]));
try {
  for (let round = 1; round <= RUNS; round++) {
    for (const [name, url] of pages) runs.get(name)!.push(await audit(name, round, url));
  }
} finally {
  server.kill('SIGTERM');
}
const rows: [string, Figures][] = pages.map(([name]) => {
  const sorted = [...runs.get(name)!].sort((a, b) => a.performance - b.performance);
  return [name, sorted[Math.floor(sorted.length / 2)]!];
});

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.info(
  `\nLighthouse ${RUNS}× per page, mobile profile (slow 4G, 4× CPU), median run by performance`,
);
console.info(
  `${'page'.padEnd(20)}${pad('perf', 6)}${pad('a11y', 6)}${pad('b.p.', 6)}${pad('LCP ms', 9)}${pad('TBT ms', 9)}${pad('CLS', 8)}${pad('LCP ×', 8)}${pad('bench', 7)}`,
);
const baseline = rows[0]![1];
for (const [name, f] of rows) {
  console.info(
    `${name.padEnd(20)}${pad(f.performance, 6)}${pad(f.accessibility, 6)}${pad(f.bestPractices, 6)}${pad(Math.round(f.lcpMs), 9)}${pad(Math.round(f.tbtMs), 9)}${pad(f.cls.toFixed(3), 8)}${pad((f.lcpMs / baseline.lcpMs).toFixed(2), 8)}${pad(f.benchmarkIndex, 7)}`,
  );
}
console.info(
  "bench: Lighthouse's benchmarkIndex of this machine in that run (higher is faster); the 4× slowdown applies whatever the machine, so a slower moment scores lower",
);
for (const [name, f] of rows.slice(1)) {
  reportGoal('lighthouse', `${name}: LCP / trivial page (issue 39)`, f.lcpMs / baseline.lcpMs, {
    atMost: 2,
  });
  reportGoal(
    'lighthouse',
    `${name}: total blocking time (issue 39)`,
    f.tbtMs,
    { atMost: 200 },
    'ms',
  );
  reportGoal('lighthouse', `${name}: CLS × 1000 (issue 39)`, f.cls * 1000, { atMost: 0 }, '');
}
for (const [name, f] of rows) {
  if (f.failed.length > 0)
    console.info(`${name}: audits short of full marks: ${f.failed.join(', ')}`);
}
