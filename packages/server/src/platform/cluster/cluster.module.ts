import { Redis } from 'ioredis';
import type { AppModule } from '../app/module.ts';
import type { Bus } from '../bus/bus.ts';
import type { Store } from '../db/database.ts';
import { metrics } from '../metrics/metrics.ts';
import { createClusterMetrics } from './cluster-metrics.ts';
import { createLeaseKeeper, type FeedRole, type LeaseKeeper } from './lease-keeper.ts';
import { createLeases } from './leases.ts';
import type { EngineOwnership } from './ownership.ts';
import { createPresence } from './presence.ts';
import { createRedisBus } from './redis-bus.ts';

export interface ClusterConfig {
  nodeId: string;
  partitions: number;
  leaseTtlMs: number;
}

/** What a scale-out node offers the modules after it. */
export interface Cluster {
  nodeId: string;
  bus: Bus;
  ownership: EngineOwnership;
  keeper: LeaseKeeper;
  /** The market takes the feed's role here: started while this node holds the feed lease. */
  claimFeed(role: FeedRole): void;
  /** After Redis came back: memory catches up from the database. */
  onReconnected(listener: () => void): () => void;
}

/**
 * Scale-out (issue 28, ARCHITECTURE.md "One product, two deployments"): the Redis bus, this
 * node's presence, and the lease keeper that decides which node runs the feed and which fires
 * each partition's triggers. The leases themselves start in `leaseRoundsModule`, after every
 * domain registered its part.
 */
export const clusterModule: AppModule<
  {
    cluster: ClusterConfig;
    redisUrl: string;
    redisPrefix: string;
    store: Store;
    report: (what: string) => (error: unknown) => void;
  },
  Cluster
> = {
  name: 'cluster',
  register(app, deps) {
    const { nodeId, partitions, leaseTtlMs } = deps.cluster;
    const measured = createClusterMetrics(metrics.registry, nodeId);
    // Sends fail at once while Redis is away (no queue growing in memory, no late delivery).
    const publisher = new Redis(deps.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: `${nodeId}:pub`,
    });
    const subscriber = new Redis(deps.redisUrl, { connectionName: `${nodeId}:sub` });
    // ioredis reports every failed reconnection: one line when an outage starts, one when it ends.
    for (const client of [publisher, subscriber]) {
      let down = false;
      client.on('error', (error: unknown) => {
        if (!down) app.log.warn({ err: error, node: nodeId }, 'cluster: Redis unreachable');
        down = true;
      });
      client.on('ready', () => {
        if (down) app.log.info({ node: nodeId }, 'cluster: Redis reachable again');
        down = false;
      });
    }
    const redisBus = createRedisBus({
      publisher,
      subscriber,
      prefix: deps.redisPrefix,
      nodeId,
      onError: deps.report('bus subscriber failed'),
      onLag: measured.busLag,
    });
    let feedRole: FeedRole = { gained: () => {}, lost: () => {} };
    const keeper = createLeaseKeeper({
      leases: createLeases(deps.store.db, nodeId),
      presence: createPresence({
        redis: publisher,
        prefix: deps.redisPrefix,
        nodeId,
        ttlMs: leaseTtlMs,
      }),
      nodeId,
      partitions,
      ttlMs: leaseTtlMs,
      feed: {
        gained: (token, stillHeld) => feedRole.gained(token, stillHeld),
        lost: () => feedRole.lost(),
      },
      onError: deps.report('lease round failed'),
      onHoldings: measured.holdings,
      onFenced: measured.fenced,
    });
    return {
      api: {
        nodeId,
        bus: redisBus.bus,
        ownership: keeper.ownership,
        keeper,
        claimFeed(role) {
          feedRole = role;
        },
        onReconnected: redisBus.onReconnected,
      },
      // Last to stop: every module before it may still publish while it stops.
      stop: () => redisBus.close(),
    };
  },
};

/** Starts the lease rounds once every module is registered; hands the leases back at stop. */
export const leaseRoundsModule: AppModule<{ keeper: LeaseKeeper }> = {
  name: 'lease-rounds',
  register(_app, { keeper }) {
    return { api: undefined, start: () => keeper.start(), stop: () => keeper.stop() };
  },
};
