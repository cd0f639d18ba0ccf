import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { type BuiltApp, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createScriptedFeed } from '../domains/market/feed/feed.ts';
import { createMemoryBus } from '../platform/bus/bus.ts';
import { fairShare } from '../platform/cluster/lease-keeper.ts';
import { openPostgres, type Store } from '../platform/db/database.ts';
import type { RateLimiter } from '../platform/rate-limit/rate-limiter.ts';
import { createRedisRateLimiter } from '../platform/rate-limit/redis-rate-limiter.ts';
import { type AppHandles, withHandles } from './app-handles.ts';
import { createPostgresDatabase } from './dialects.ts';
import { TEST_REDIS_URL, testRedis } from './redis.ts';
import { callerOf, type TestApp } from './test-app.ts';

export interface TestNode {
  built: BuiltApp & AppHandles;
  store: Store;
  call: TestApp['call'];
}

interface TestNodesOptions {
  sharedBus?: boolean;
  redisLimits?: boolean;
  /**
   * Scale-out nodes (issue 28): each joins the cluster through the test Redis (a prefix of
   * this cluster's own) — Redis bus, leased feed and partitions — instead of a shared bus.
   */
  cluster?: ClusterOptions;
}

interface ClusterOptions {
  leaseTtlMs?: number;
  partitions?: number;
  /** Where each node finds Redis, by index (a proxy a test cuts); the test Redis otherwise. */
  redisUrls?: (string | undefined)[];
}

/** What makes node `index` a member of the test cluster. */
function clusterEnv(cluster: ClusterOptions, index: number, databaseUrl: string, prefix: string) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: cluster.redisUrls?.[index] ?? TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    NODE_ID: `node-${index + 1}`,
    LEASE_TTL_MS: String(cluster.leaseTtlMs ?? 1000),
    PARTITIONS: String(cluster.partitions ?? 8),
  };
}

/** Waits until every node has processed what its ticks fired (triggers and alerts). */
async function idleNodes(nodes: readonly { built: AppHandles }[]): Promise<void> {
  for (const node of nodes) {
    await node.built.trading!.idle();
    await node.built.alerts?.watch.idle();
  }
}

/**
 * Several server nodes on one fresh PostgreSQL database, as a rolling deploy or a scale-out
 * runs them: each its own process-like app (own pool, own memory, own feed), one clock, and
 * one bus between them (what Redis is in production). Nodes start one after the other, as a
 * deploy starts them; `quote` sends the same tick to every node's feed.
 */
export async function startTestNodes(count: number, options: TestNodesOptions = {}) {
  const database = await createPostgresDatabase();
  // Rate limits in one Redis, as REDIS_URL gives every node of a deployment: each node its
  // own client, one key space (a prefix of this cluster's own).
  const limits = options.redisLimits ? testRedis() : undefined;
  const redisClients: Redis[] = [];
  const clock = {
    now: Date.UTC(2026, 10, 2, 12, 0, 0),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const bus =
    options.sharedBus === false || options.cluster ? undefined : createMemoryBus(console.error);
  const clusterPrefix = `td-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
  const feeds: ReturnType<typeof createScriptedFeed>[] = [];
  const dataDirs: string[] = [];
  const nodes: TestNode[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-node-'));
    dataDirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '12',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(options.cluster && clusterEnv(options.cluster, i, database.url, clusterPrefix)),
    });
    const feed = createScriptedFeed();
    feeds.push(feed);
    const store = openPostgres(database.url);
    let limiter: RateLimiter | undefined;
    if (limits) {
      const { redis } = testRedis();
      redisClients.push(redis);
      limiter = createRedisRateLimiter(redis, limits.prefix);
    }
    const built = withHandles(
      await buildApp({
        config,
        store,
        now: () => clock.now,
        logger: false,
        market: { feed },
        ...(bus ? { bus } : {}),
        ...(limiter ? { limiter } : {}),
      }),
    );
    await built.app.ready();
    nodes.push({
      built,
      store,
      call: callerOf(built.app),
    });
  }
  const instrumentId = (code: string) => nodes[0]!.built.market!.tradeList(code)[0]!.Id;
  return {
    nodes,
    clock,
    db: nodes[0]!.store.db,
    instrumentId,
    /**
     * A node seen as a test app, so that the suites' helpers (register a trader, fund, create
     * an operator) run against it; its data folder, outbox and uploads are its own.
     */
    asTestApp(index: number): TestApp {
      const node = nodes[index]!;
      const app: Partial<TestApp> = {
        app: node.built.app,
        market: node.built.market,
        trading: node.built.trading,
        bus: node.built.bus,
        core: node.built.core,
        gateway: node.built.gateway,
        hasher: node.built.hasher,
        sweepUploads: node.built.sweepUploads,
        store: node.store,
        dataDir: dataDirs[index]!,
        clock,
        call: node.call,
      };
      const outboxPath = path.join(dataDirs[index]!, 'outbox.jsonl');
      app.outbox = () =>
        fs.existsSync(outboxPath)
          ? fs
              .readFileSync(outboxPath, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line))
          : [];
      app.lastCode = (to) => {
        const line = app.outbox!()
          .filter((l) => l.to === to)
          .at(-1);
        if (!line) throw new Error(`no code was sent to ${to}`);
        return line.code;
      };
      app.close = async () => {};
      return app as TestApp;
    },
    /** A tick on one node's feed only (scale-out: only the feed owner's reaches the bus). */
    quoteOn(index: number, instrument: number, bid: number, ask = bid + 8): void {
      feeds[index]!.push({ instrumentId: instrument, bid, ask, time: clock.now, volume: 1 });
    },
    /** The same tick on every node. */
    quote(instrument: number, bid: number, ask = bid + 8): void {
      for (const feed of feeds)
        feed.push({ instrumentId: instrument, bid, ask, time: clock.now, volume: 1 });
    },
    /**
     * Scale-out: waits until exactly one node holds the feed and every partition is held by
     * exactly one node; returns each node's role.
     */
    async settledRoles(timeoutMs = 15_000) {
      const partitions = options.cluster?.partitions ?? 8;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const roles = await Promise.all(
          nodes.map(async (node) => (await node.call('GET', '/health')).data.role),
        );
        const held = roles.flatMap((role) => role.partitions as number[]).sort((a, b) => a - b);
        const feeds = roles.filter((role) => role.feed).length;
        // Each node holds its fair share of the nodes alive (as every node computes it).
        const ids = nodes.map((_, i) => `node-${i + 1}`);
        const fair = roles.every(
          (role, i) =>
            JSON.stringify(role.partitions) ===
            JSON.stringify([...fairShare(ids, ids[i]!, partitions)].sort((a, b) => a - b)),
        );
        if (feeds === 1 && fair && held.length === partitions)
          return roles as { feed: boolean; partitions: number[] }[];
        if (Date.now() > deadline)
          throw new Error(`roles did not settle: ${JSON.stringify(roles)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Waits until every node has processed what its ticks fired. */
    idle: () => idleNodes(nodes),
    async close(): Promise<void> {
      for (const node of nodes) await node.built.app.close();
      for (const node of nodes) await node.store.destroy();
      for (const redis of redisClients) await redis.quit();
      limits?.redis.disconnect();
      await database.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
