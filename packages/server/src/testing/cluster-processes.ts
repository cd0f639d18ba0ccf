import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { openPostgres } from '../platform/db/database.ts';
import { freePort } from '../platform/rate-limit/private-redis.ts';
import type { Database } from '../schema.ts';
import { createPostgresDatabase, DIALECTS } from './dialects.ts';
import { skipRedis, TEST_REDIS_URL, testRedis } from './redis.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = 'packages/server/src/main.ts';
/** The balancer's configuration, as production and `npm run cluster` use it. */
const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');
/** Debian's package; HAPROXY_PATH names another build. */
export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
/** deploy/haproxy.cfg names three servers, NODE1–NODE3. */
const MAX_NODES = 3;
/** Where the config points a server slot no node fills: nothing listens on port 1. */
const NO_NODE = '127.0.0.1:1';

const haproxyAvailable = fs.existsSync(HAPROXY_PATH);
if (!haproxyAvailable) {
  if (process.env.CI === 'true')
    throw new Error(`HAProxy is required when CI=true but ${HAPROXY_PATH} does not exist`);
  console.warn(`HAProxy is not installed (${HAPROXY_PATH}): the cluster tests are skipped.`);
}

/** Whether the multi-process cluster tests skip: they need PostgreSQL, Redis and HAProxy. */
export const skipCluster =
  !haproxyAvailable || skipRedis || DIALECTS.some((d) => d.name === 'postgres' && d.skip);

export interface ClusterNode {
  /** Its NODE_ID: node-1, node-2 … */
  id: string;
  /** Straight to the node, past the balancer. */
  url: string;
  /** The running process's id (a new one after `restart`). */
  pid: number;
  /** Its stdout and stderr so far, every incarnation. */
  log(): string;
  /** Signals the process (SIGTERM by default), SIGKILL after 30 s: its exit code or signal. */
  kill(signal?: NodeJS.Signals): Promise<number | string>;
  /** Starts it again on the same port and data folder; resolves once HAProxy has it up. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  url: string;
  nodes: ClusterNode[];
  /** The cluster's database, for assertions on what the nodes wrote. */
  db: Kysely<Database>;
  /** The cluster's Redis key prefix (REDIS_PREFIX): a test may listen to its bus. */
  redisPrefix: string;
  /** HAProxy's view of each node (its `http` backend): UP, DOWN, … by node id. */
  balancerStates(): Promise<Record<string, string>>;
  /** Stops every process (SIGKILL after a grace), drops the database and the Redis keys. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** 1–3 (the servers deploy/haproxy.cfg names). */
  nodes: number;
  /** Added to every node's environment, over the defaults. */
  env?: Record<string, string>;
  /** How long start-up (each node, then HAProxy) may take; 60 s by default. */
  startTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, chars = 4000): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-chars) : '(no log)';
}

interface Spawned {
  child: ChildProcess;
  /** Resolves with the exit code, the signal's name, or why it could not start. */
  exited: Promise<number | string>;
  ended: boolean;
}

/** A process whose stdout and stderr are appended to `logFile`. */
function spawnLogged(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  logFile: string,
): Spawned {
  const fd = fs.openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
    const spawned: Spawned = { child, exited: Promise.resolve(-1), ended: false };
    spawned.exited = new Promise<number | string>((resolve) => {
      child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
      // ENOENT and the like: no 'exit' follows.
      child.once('error', (error) => resolve(error.message));
    }).then((end) => {
      spawned.ended = true;
      return end;
    });
    return spawned;
  } finally {
    // The child holds its own copy of the descriptor.
    fs.closeSync(fd);
  }
}

/** Signals a process and waits for its end; SIGKILL if it outlives `graceMs`. */
async function stop(spawned: Spawned, signal: NodeJS.Signals, graceMs: number) {
  if (spawned.ended) return spawned.exited;
  spawned.child.kill(signal);
  const ended = await Promise.race([spawned.exited, sleep(graceMs).then(() => undefined)]);
  if (ended !== undefined) return ended;
  spawned.child.kill('SIGKILL');
  return spawned.exited;
}

/** Polls `url` until it answers 200; throws once `failed()` names a reason or time is up. */
async function waitFor200(
  url: string,
  timeoutMs: number,
  failed: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet, or the request timed out
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** HAProxy's stats as CSV: the status of each server of the `http` backend. */
async function readBalancer(statsUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${statsUrl}/;csv`, { signal: AbortSignal.timeout(2_000) });
  const [header, ...rows] = (await response.text()).trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const status = columns.indexOf('status');
  const states: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[0] === 'http' && /^node\d+$/.test(cells[1] ?? ''))
      states[`node-${cells[1]!.slice(4)}`] = cells[status] ?? '';
  }
  return states;
}

interface NodeProcess extends ClusterNode {
  /** Spawns the process and waits until its /health answers 200. */
  start(): Promise<void>;
  /** The running (or last) process. */
  current(): Spawned | undefined;
}

/** One node: `main.ts` in a process of its own, logging to `logFile`. */
function nodeProcess(options: {
  id: string;
  port: number;
  env: Record<string, string | undefined>;
  logFile: string;
  timeoutMs: number;
  /** Resolves once HAProxy has the node up again. */
  balancerUp(id: string): Promise<void>;
}): NodeProcess {
  const { id, env, logFile, timeoutMs } = options;
  const url = `http://127.0.0.1:${options.port}`;
  let spawned: Spawned | undefined;
  const node: NodeProcess = {
    id,
    url,
    pid: 0,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    current: () => spawned,
    async start() {
      if (spawned && !spawned.ended) throw new Error(`${id} is already running`);
      const started = spawnLogged(process.execPath, ['--import', 'tsx', MAIN], env, logFile);
      spawned = started;
      node.pid = started.child.pid ?? 0;
      await waitFor200(`${url}/health`, timeoutMs, () =>
        started.ended ? `${id} exited while starting` : undefined,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- ${id}'s log ---\n${tail(logFile)}`);
      });
    },
    kill: async (signal = 'SIGTERM') => (spawned ? stop(spawned, signal, 30_000) : -1),
    async restart() {
      if (spawned) await stop(spawned, 'SIGTERM', 30_000);
      await node.start();
      await options.balancerUp(id);
    },
  };
  return node;
}

/** Waits until HAProxy reports each of `ids` as UP. */
async function waitUntilUp(statsUrl: string, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let states: Record<string, string> = {};
  while (Date.now() < deadline) {
    states = await readBalancer(statsUrl).catch(() => ({}));
    if (ids.every((id) => states[id] === 'UP')) return;
    await sleep(100);
  }
  throw new Error(`HAProxy does not have ${ids.join(', ')} up: ${JSON.stringify(states)}`);
}

/** What every node of a test cluster runs with, before the test's own `env`. */
function nodeEnv(cluster: {
  id: string;
  port: number;
  dir: string;
  databaseUrl: string;
  redisPrefix: string;
}): Record<string, string | undefined> {
  return {
    ...process.env,
    DATABASE_URL: cluster.databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: cluster.redisPrefix,
    NODE_ID: cluster.id,
    PORT: String(cluster.port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(cluster.dir, cluster.id),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    PASSWORD_HASH_COST: '12',
    SAMPLE_TRADERS: 'false',
    LEASE_TTL_MS: '2000',
    // Nothing is built there: `/` answers a note instead of the web app (static-web.ts).
    WEB_DIST: path.join(cluster.dir, 'no-web'),
    ADMIN_DIST: path.join(cluster.dir, 'no-admin'),
  };
}

/** HAProxy in the foreground (-db) with deploy/haproxy.cfg; resolves once it answers. */
async function startHaproxy(options: {
  port: number;
  statsPort: number;
  nodes: readonly ClusterNode[];
  logFile: string;
  timeoutMs: number;
}): Promise<Spawned> {
  const slots = Array.from({ length: MAX_NODES }, (_, i) =>
    options.nodes[i] ? new URL(options.nodes[i]!.url).host : NO_NODE,
  );
  const haproxy = spawnLogged(
    HAPROXY_PATH,
    ['-db', '-f', HAPROXY_CONFIG],
    {
      PATH: process.env.PATH,
      HAPROXY_BIND: `127.0.0.1:${options.port}`,
      HAPROXY_STATS_BIND: `127.0.0.1:${options.statsPort}`,
      NODE1: slots[0],
      NODE2: slots[1],
      NODE3: slots[2],
    },
    options.logFile,
  );
  try {
    await waitFor200(`http://127.0.0.1:${options.port}/health`, options.timeoutMs, () =>
      haproxy.ended ? 'HAProxy exited' : undefined,
    );
    return haproxy;
  } catch (error) {
    await stop(haproxy, 'SIGKILL', 5_000);
    throw new Error(`${(error as Error).message}\n--- HAProxy's log ---\n${tail(options.logFile)}`);
  }
}

/**
 * A scale-out deployment as production runs it, on this machine: `nodes` server processes on
 * one fresh PostgreSQL database and one Redis (under a key prefix of its own), behind HAProxy
 * with deploy/haproxy.cfg. Everything listens on 127.0.0.1, on free ports. The first node
 * starts alone (it migrates the empty database and creates the owner), the others after it,
 * as a rolling deploy starts them. Resolves once every node and HAProxy answer /health with
 * 200 and HAProxy has every node up. Logs go to a temporary folder, removed by `close`; a
 * start that fails throws with the log's tail and leaves nothing running.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(options.nodes) || options.nodes < 1 || options.nodes > MAX_NODES)
    throw new Error(`nodes must be 1–${MAX_NODES}: deploy/haproxy.cfg names ${MAX_NODES} servers`);
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const database = await createPostgresDatabase();
  const store = openPostgres(database.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-cluster-'));
  const { redis, prefix } = testRedis();
  const nodes: NodeProcess[] = [];
  let haproxy: Spawned | undefined;
  const running = () => [haproxy, ...nodes.map((n) => n.current())].filter((s) => s !== undefined);
  // A test run that ends without close() leaves no process behind.
  const killAll = () => {
    for (const spawned of running()) if (!spawned.ended) spawned.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      await Promise.all(running().map((spawned) => stop(spawned, 'SIGTERM', 5_000)));
      process.off('exit', killAll);
      await store.destroy();
      await database.drop();
      await deleteKeys(redis, prefix).finally(() => redis.disconnect());
      fs.rmSync(dir, { recursive: true, force: true });
    })();
    return closed;
  };

  try {
    const [port, statsPort, ...nodePorts] = await distinctFreePorts(options.nodes + 2);
    const statsUrl = `http://127.0.0.1:${statsPort}`;
    for (const [i, nodePort] of nodePorts.entries()) {
      const id = `node-${i + 1}`;
      const env = nodeEnv({
        id,
        port: nodePort,
        dir,
        databaseUrl: database.url,
        redisPrefix: prefix,
      });
      nodes.push(
        nodeProcess({
          id,
          port: nodePort,
          env: { ...env, ...options.env },
          logFile: path.join(dir, `${id}.log`),
          timeoutMs,
          balancerUp: (nodeId) => waitUntilUp(statsUrl, [nodeId], timeoutMs),
        }),
      );
    }
    await nodes[0]!.start();
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    const logFile = path.join(dir, 'haproxy.log');
    haproxy = await startHaproxy({ port: port!, statsPort: statsPort!, nodes, logFile, timeoutMs });
    await waitUntilUp(
      statsUrl,
      nodes.map((n) => n.id),
      timeoutMs,
    );
    return {
      url: `http://127.0.0.1:${port}`,
      nodes,
      db: store.db,
      redisPrefix: prefix,
      balancerStates: () => readBalancer(statsUrl),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `count` free ports on 127.0.0.1, no two the same. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Removes the cluster's Redis keys: the server is shared with other tests. */
async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
