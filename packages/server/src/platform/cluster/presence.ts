import type { Redis } from 'ioredis';

/**
 * Which nodes are alive, in Redis: each node stamps its id in one sorted set every round,
 * scored by Redis' own clock; a node not seen for `ttlMs` is gone. Every node computes the
 * same partition shares from the same list (rendezvous hashing in lease-keeper.ts).
 */
export function createPresence(deps: {
  redis: Redis;
  prefix: string;
  nodeId: string;
  ttlMs: number;
}) {
  const { redis, nodeId, ttlMs } = deps;
  const key = `${deps.prefix}presence`;

  /** Redis' clock in ms, so that nodes with skewed clocks still agree on who is alive. */
  async function redisNow(): Promise<number> {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  return {
    /** Marks this node alive now; returns every node alive (this one included), sorted. */
    async beat(): Promise<string[]> {
      const now = await redisNow();
      const replies = await redis
        .multi()
        .zadd(key, now, nodeId)
        .zremrangebyscore(key, '-inf', String(now - ttlMs))
        .zrange(key, '0', '-1')
        .exec();
      const [error, alive] = replies?.[2] ?? [new Error('presence: no reply from Redis'), []];
      if (error) throw error;
      return (alive as string[]).sort();
    },
    /** This node leaves at once (a graceful stop): others rebalance without waiting. */
    async leave(): Promise<void> {
      await redis.zrem(key, nodeId);
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
