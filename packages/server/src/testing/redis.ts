import { Redis } from 'ioredis';

/** Where the Redis tests run; every machine of ours has one (127.0.0.1:6379). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisAvailable = await redisReachable();
if (!redisAvailable) {
  if (process.env.CI === 'true')
    throw new Error(`Redis is required when CI=true but ${TEST_REDIS_URL} is not reachable`);
  console.warn(
    `Redis at ${TEST_REDIS_URL} is not reachable: its tests are skipped on this machine.`,
  );
}

/** Whether the Redis tests skip on this machine. */
export const skipRedis = !redisAvailable;

/** A client of the test Redis, and a key prefix no other test uses (tests share one server). */
export function testRedis(): { redis: Redis; prefix: string } {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  const prefix = `td-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
  return { redis, prefix };
}
