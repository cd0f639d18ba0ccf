// Builds the browser apps (the trader's web app, the back office) when their output is
// missing or older than any of their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contract = path.join(root, 'packages/contract/src');

function app(workspace, dir, label, extraSources, outputs = ['dist/index.html']) {
  const base = path.join(root, dir);
  return {
    workspace,
    label,
    outputs: outputs.map((output) => path.join(base, output)),
    sources: [
      ...['src', 'index.html', 'vite.config.ts', 'package.json', ...extraSources].map((source) =>
        path.join(base, source),
      ),
      contract,
    ],
  };
}

const apps = [
  // dist-ssr/: the first screen's server module (vite.ssr.config.ts), built beside the app.
  app(
    '@tradedesk/web',
    'packages/web',
    'the web app',
    ['public', 'bundle-budget.json', 'vite.ssr.config.ts', 'build-plugins'],
    ['dist/index.html', 'dist-ssr/render-first-screen.js'],
  ),
  // build/: the Vite plugins that render antd's stylesheet and keep the bundle CSP-clean.
  app('@tradedesk/admin', 'packages/admin', 'the back office', ['build']),
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale({ outputs, sources }) {
  if (!outputs.every((output) => fs.existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => fs.statSync(output).mtimeMs));
  return sources.some((source) => newestMtime(source) > built);
}

/** Whether any browser app needs building. */
export function webBuildIsStale() {
  return apps.some(isStale);
}

/** Builds each browser app whose output is missing or stale; exits on a failed build. */
export function buildWebIfStale() {
  for (const stale of apps.filter(isStale)) {
    console.info(`Building ${stale.label}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', stale.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
