import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMetrics, type Metrics } from '../metrics/metrics.ts';
import { freePort, type PrivateRedis, privateRedis, skipPrivateRedis } from './private-redis.ts';
import { createMemoryRateLimiter } from './rate-limiter.ts';
import { createResilientRateLimiter, LIMITER_REDIS_OPTIONS } from './resilient-rate-limiter.ts';

const rule = { limit: 3, windowMs: 60_000 };

/** Waits until `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function readMetric(metric: Metrics['redisUp'] | Metrics['redisOutages']): Promise<number> {
  return (await metric.get()).values[0]?.value ?? 0;
}

describe.skipIf(skipPrivateRedis)('resilient rate limiter', () => {
  let server: PrivateRedis;
  let inspector: Redis;
  const made: { close(): Promise<void> }[] = [];
  const printed = vi.spyOn(console, 'error');

  beforeAll(async () => {
    server = privateRedis(await freePort());
    await server.start();
    // Queues what it is asked while disconnected, and reconnects every 20 ms.
    inspector = new Redis(server.url, { maxRetriesPerRequest: null, retryStrategy: () => 20 });
    inspector.on('error', () => {});
  });
  afterAll(async () => {
    inspector?.disconnect();
    await server?.kill();
    printed.mockRestore();
  });
  afterEach(async () => {
    for (const limiter of made.splice(0)) await limiter.close();
    await server.start().catch(() => {});
    server.resume();
    // ioredis prints failed reconnects of a client without an 'error' listener this way.
    const unhandled = printed.mock.calls.flat().filter((arg) => String(arg).includes('ioredis'));
    expect(unhandled).toEqual([]);
  });

  function make() {
    const metrics = createMetrics({ processMetrics: false });
    const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() };
    const fallback = createMemoryRateLimiter();
    const redis = new Redis(server.url, LIMITER_REDIS_OPTIONS);
    const prefix = `td-outage:${Math.random().toString(36).slice(2, 10)}:`;
    const limiter = createResilientRateLimiter({ redis, fallback, log, metrics, prefix });
    made.push(limiter);
    const ready = until(() => redis.status === 'ready');
    // Awaited only by tests that need Redis up; where Redis is down it must not be an
    // unhandled rejection once its 5 s pass (CI caught one after the test had ended).
    ready.catch(() => {});
    return { limiter, redis, metrics, log, fallback, prefix, ready };
  }

  it('counts in Redis while it answers, and in nothing else', async () => {
    const { limiter, metrics, log, fallback, prefix, ready } = make();
    await ready;
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(await inspector.get(`${prefix}k`)).toBe('1');
    expect(fallback.size()).toBe(0);
    expect(await readMetric(metrics.redisUp)).toBe(1);
    expect(await readMetric(metrics.rateLimitFallbacks)).toBe(0);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('counts in Redis from the first call of a node that just started', async () => {
    const { limiter, metrics, prefix } = make();
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(await inspector.get(`${prefix}k`)).toBe('1');
    expect(await readMetric(metrics.rateLimitFallbacks)).toBe(0);
  });

  it('counts per node while Redis is killed, with one warning, then in Redis again', async () => {
    const { limiter, metrics, log, prefix, ready } = make();
    await ready;
    await server.kill();
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push((await limiter.consume('k', rule)).allowed);
    expect(verdicts).toEqual([true, true, true, false, false]);
    // Several reconnects fail meanwhile (100, 200, 400 ms…): still one outage, one warning.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await limiter.refund('k');
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(await readMetric(metrics.redisUp)).toBe(0);
    expect(await readMetric(metrics.redisOutages)).toBe(1);
    expect(await readMetric(metrics.rateLimitFallbacks)).toBe(7);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.info).not.toHaveBeenCalled();

    await server.start();
    await until(async () => (await readMetric(metrics.redisUp)) === 1);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]?.[0]).toEqual({ outageMs: expect.any(Number) });
    // A fresh server: the count starts again there, shared by every node again.
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(await inspector.get(`${prefix}k`)).toBe('1');
    expect(await readMetric(metrics.redisOutages)).toBe(1);
  });

  it('answers while Redis hangs, and uses it again once it answers', async () => {
    const { limiter, redis, metrics, log, prefix, ready } = make();
    await ready;
    server.pause();
    // Without a command timeout this would wait for ever: the connection is still open.
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(await readMetric(metrics.redisUp)).toBe(0);
    // During the outage Redis is not asked: a hung Redis costs one call its timeout, not each.
    const asked = vi.spyOn(redis as unknown as { tdRateConsume(): unknown }, 'tdRateConsume');
    for (let i = 0; i < 3; i++) await limiter.consume('other', rule);
    expect(asked).not.toHaveBeenCalled();
    // Past the socket timeout the client drops the connection and tries new ones, which
    // hang in their handshake: calls still answer, from memory.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    server.resume();
    // No call needed: the client's reconnect (or the probe) ends the outage by itself.
    await until(async () => (await readMetric(metrics.redisUp)) === 1);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(Number(await inspector.get(`${prefix}k`))).toBeGreaterThanOrEqual(1);
    expect(await readMetric(metrics.redisOutages)).toBe(1);
  });

  it('resets a key in memory during an outage', async () => {
    const { limiter, ready } = make();
    await ready;
    await server.kill();
    for (let i = 0; i < 3; i++) await limiter.consume('k', rule);
    expect((await limiter.consume('k', rule)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
  });

  it('resets a key in memory too once Redis is back, so the next outage forgets it', async () => {
    const { limiter, metrics, ready } = make();
    await ready;
    await server.kill();
    for (let i = 0; i < 3; i++) await limiter.consume('k', rule);
    await server.start();
    await until(async () => (await readMetric(metrics.redisUp)) === 1);
    await limiter.reset('k');
    await server.kill();
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
  });

  it('ends an outage on a connection that stayed open, without any call', async () => {
    const { limiter, metrics, log, ready } = make();
    await ready;
    server.pause();
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    server.resume();
    // Redis answers on the same connection before the socket timeout: no new 'ready'.
    await until(async () => (await readMetric(metrics.redisUp)) === 1);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(await readMetric(metrics.redisOutages)).toBe(1);
  });

  it('answers from memory when Redis refuses a command, without calling it an outage', async () => {
    const { limiter, metrics, log, prefix, ready } = make();
    await ready;
    // The counter's key holding a hash: Redis answers WRONGTYPE to the script.
    await inspector.hset(`${prefix}k`, 'f', 'v');
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
    expect(await readMetric(metrics.redisUp)).toBe(1);
    expect(await readMetric(metrics.rateLimitFallbacks)).toBe(2);
  });

  it('starts without Redis, and closes without it', async () => {
    await server.kill();
    const { limiter, metrics, log } = make();
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    await until(() => log.warn.mock.calls.length > 0);
    expect(await readMetric(metrics.redisOutages)).toBe(1);
    await limiter.close();
  });
});
