// `npm run cluster`: the scale-out deployment on one machine (docs/deployment.md) — three
// nodes on PostgreSQL and Redis, HAProxy in front with deploy/haproxy.cfg. Prints where
// everything is and which node holds the feed and which partitions, as that changes; kill a
// node (`kill -9 <pid>`) to watch another take over. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(path.join(root, 'packages/server/package.json'))('pg');

const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradedesk_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HAPROXY_PORT = 8080;
const STATS_PORT = 8404;
const NODES = [1, 2, 3].map((n) => ({ id: `node-${n}`, port: 8080 + n }));
const START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;

const color = process.stdout.isTTY
  ? (code) => (text) => `\x1b[${code}m${text}\x1b[0m`
  : () => (text) => text;
const labels = { cluster: color(1), haproxy: color(35), 'node-1': color(36) };
Object.assign(labels, { 'node-2': color(33), 'node-3': color(32) });
const say = (who, line) => console.info(`${labels[who](`[${who}]`.padEnd(10))} ${line}`);
const fail = (message) => {
  say('cluster', message);
  process.exit(1);
};

/** Creates the database DATABASE_URL names when it does not exist yet. */
async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      say('cluster', `created database ${name}`);
    }
  } catch (error) {
    fail(`PostgreSQL at ${url.host} (DATABASE_URL): ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Fails early, with a plain message, when nothing listens where REDIS_URL points. */
async function checkRedis() {
  const url = new URL(REDIS_URL);
  const reachable = await new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(3000, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (!reachable) fail(`Redis at ${url.host} (REDIS_URL) is not reachable`);
}

function findHaproxy() {
  for (const candidate of [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', 'haproxy']) {
    if (candidate && spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return fail('HAProxy is not installed: apt-get install haproxy (or set HAPROXY_PATH)');
}

const children = new Map();
let stopping = false;

/**
 * HAProxy in the foreground prints each server state change twice: as a warning on stderr
 * and in its log on stdout. The log's copy is kept.
 */
const isDuplicate = (who, line) =>
  who === 'haproxy' && /^\[WARNING\] +\(\d+\) : Server /.test(line);

/** Starts a child in a process group of its own (Ctrl-C reaches it once, from us). */
function start(who, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: 'pipe' });
  children.set(who, child);
  for (const stream of [child.stdout, child.stderr])
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (!isDuplicate(who, line)) say(who, line);
    });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say('cluster', `${who} exited (${signal ?? `code ${code}`})`);
    if (who === 'haproxy') void stop(1);
    else say('cluster', 'its leases expire within LEASE_TTL_MS and the other nodes take them');
  });
  return child;
}

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  say('cluster', 'stopping (nodes drain their requests)…');
  const running = [...children.values()].filter((c) => c.exitCode === null && !c.signalCode);
  const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, STOP_GRACE_MS);
  await Promise.all(exits);
  clearTimeout(timer);
  process.exit(exitCode);
}

/** GET url's JSON body, or undefined when it does not answer within two seconds. */
async function getJson(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return { status: response.status, body: await response.json() };
  } catch {
    return undefined;
  }
}

async function waitHealthy(who, url) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const child = children.get(who);
    if (child.exitCode !== null || child.signalCode !== null)
      fail(`${who} did not start (see its lines above)`);
    if ((await getJson(`${url}/health`))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`${who} did not answer ${url}/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** One line on what a node holds, from its /health. */
function describeRole(answer) {
  if (!answer) return 'not answering';
  const data = answer.body?.data ?? {};
  if (answer.status !== 200) return `${data.status ?? 'unhealthy'} (HTTP ${answer.status})`;
  if (!data.role) return 'up';
  const partitions = data.role.partitions ?? [];
  const holds = [data.role.feed ? 'the price feed' : undefined];
  holds.push(partitions.length > 0 ? `partitions ${partitions.join(' ')}` : 'no partition');
  return holds.filter(Boolean).join(' + ');
}

/** Polls every node's /health each second and prints what changed. */
function watchRoles() {
  const last = new Map();
  const poll = async () => {
    for (const node of NODES) {
      const line = describeRole(await getJson(`http://127.0.0.1:${node.port}/health`));
      if (!stopping && last.get(node.id) !== line) say('cluster', `${node.id}: ${line}`);
      last.set(node.id, line);
    }
    if (!stopping) setTimeout(poll, 1000);
  };
  void poll();
}

async function main() {
  const haproxy = findHaproxy();
  await ensureDatabase();
  await checkRedis();
  buildWebIfStale();
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      if (stopping) process.exit(1);
      void stop(0);
    });
  // However this script ends, no node keeps running behind it.
  process.on('exit', () => {
    for (const child of children.values()) if (child.exitCode === null) child.kill('SIGKILL');
  });

  for (const [i, node] of NODES.entries()) {
    const dataDir = path.join(root, 'data/cluster', node.id);
    fs.mkdirSync(dataDir, { recursive: true });
    start(node.id, process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      ...process.env,
      DATABASE_URL,
      REDIS_URL,
      NODE_ID: node.id,
      PORT: String(node.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    // The first node migrates an empty database (and creates the owner) before the others.
    if (i === 0) await waitHealthy(node.id, `http://127.0.0.1:${node.port}`);
  }
  await Promise.all(NODES.map((n) => waitHealthy(n.id, `http://127.0.0.1:${n.port}`)));

  start('haproxy', haproxy, ['-db', '-f', 'deploy/haproxy.cfg'], {
    PATH: process.env.PATH,
    HAPROXY_BIND: `127.0.0.1:${HAPROXY_PORT}`,
    HAPROXY_STATS_BIND: `127.0.0.1:${STATS_PORT}`,
    NODE1: `127.0.0.1:${NODES[0].port}`,
    NODE2: `127.0.0.1:${NODES[1].port}`,
    NODE3: `127.0.0.1:${NODES[2].port}`,
  });
  await waitHealthy('haproxy', `http://127.0.0.1:${HAPROXY_PORT}`);

  say('cluster', `TradeDesk at http://127.0.0.1:${HAPROXY_PORT} (HAProxy, round-robin)`);
  for (const node of NODES)
    say('cluster', `${node.id} at http://127.0.0.1:${node.port}, pid ${children.get(node.id).pid}`);
  say('cluster', `back office at http://127.0.0.1:${HAPROXY_PORT}/admin/`);
  say('cluster', `HAProxy stats at http://127.0.0.1:${STATS_PORT}/`);
  say('cluster', `database ${DATABASE_URL}, Redis ${REDIS_URL}; Ctrl-C stops everything`);
  watchRoles();
}

await main();
