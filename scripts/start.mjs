// `npm start`: the whole platform in one process on the embedded default (SQLite, outbox),
// rebuilding the web app only when its output is missing or stale.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfStale();
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
