import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { skipRedis, testRedis } from '../../testing/redis.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

const clients: Redis[] = [];
afterAll(async () => {
  for (const client of clients) await client.quit();
});

/**
 * The semantics every limiter keeps (rate-limiter.ts), run against each implementation:
 * the memory one of a single process and the Redis one shared by the nodes of a deployment.
 * Only what needs no clock: Redis keeps its own time.
 */
const IMPLEMENTATIONS: { name: string; skip: boolean; make: () => RateLimiter[] }[] = [
  {
    name: 'memory',
    skip: false,
    make: () => [createMemoryRateLimiter(() => 0)],
  },
  {
    name: 'redis, two nodes',
    skip: skipRedis,
    make: () => {
      // Two clients, as two nodes have: they must count as one.
      const a = testRedis();
      const b = testRedis();
      clients.push(a.redis, b.redis);
      return [createRedisRateLimiter(a.redis, a.prefix), createRedisRateLimiter(b.redis, a.prefix)];
    },
  },
];

describe.each(IMPLEMENTATIONS)('rate limiter contract: $name', ({ skip, make }) => {
  const rule = { limit: 5, windowMs: 60_000 };

  it.skipIf(skip)('lets exactly the limit through when 200 consume at once', async () => {
    const limiters = make();
    const verdicts = await Promise.all(
      Array.from({ length: 200 }, (_, i) => limiters[i % limiters.length]!.consume('k', rule)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    const refused = verdicts.find((v) => !v.allowed);
    expect(refused && !refused.allowed && refused.retryAfterMs).toBeGreaterThan(59_000);
  });

  it.skipIf(skip)('counts no refused event, and a refund makes room for one', async () => {
    const [a, b = a!] = make();
    for (let i = 0; i < 5; i++) await a!.consume('k', rule);
    for (let i = 0; i < 3; i++) expect((await b.consume('k', rule)).allowed).toBe(false);
    await a!.refund('k');
    expect((await b.consume('k', rule)).allowed).toBe(true);
    expect((await a!.consume('k', rule)).allowed).toBe(false);
  });

  it.skipIf(skip)('forgets a key on reset and ignores a refund without a window', async () => {
    const [a, b = a!] = make();
    await a!.refund('empty');
    expect((await b.consume('empty', { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
    for (let i = 0; i < 5; i++) await a!.consume('k', rule);
    await b.reset('k');
    expect((await a!.consume('k', rule)).allowed).toBe(true);
  });

  it.skipIf(skip)('counts a million-character key under a bounded name', async () => {
    const [a, b = a!] = make();
    const huge = `login-fail:${'x'.repeat(1_000_000)}`;
    expect((await a!.consume(huge, { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
    expect((await b.consume(huge, { limit: 1, windowMs: 60_000 })).allowed).toBe(false);
  });
});
