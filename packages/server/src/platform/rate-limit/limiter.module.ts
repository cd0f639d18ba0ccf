import { Redis } from 'ioredis';
import type { AppModule } from '../app/module.ts';
import { metrics } from '../metrics/metrics.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { createResilientRateLimiter, LIMITER_REDIS_OPTIONS } from './resilient-rate-limiter.ts';

/**
 * Limits shared by every node through Redis when REDIS_URL is set, else in this process.
 * While Redis does not answer, each node counts in its own memory: logins keep working and
 * guessing stays bounded per node (resilient-rate-limiter.ts). A limiter the caller gives
 * (tests of several nodes over one Redis) is used as it is.
 */
export const limiterModule: AppModule<
  {
    redisUrl: string | undefined;
    /** REDIS_PREFIX: deployments (and test clusters) sharing one Redis count apart. */
    redisPrefix: string;
    given: RateLimiter | undefined;
    now: () => number;
  },
  RateLimiter
> = {
  name: 'rate-limiter',
  register(app, { redisUrl, redisPrefix, given, now }) {
    if (given) return { api: given };
    if (!redisUrl) return { api: createMemoryRateLimiter(now) };
    const limiter = createResilientRateLimiter({
      redis: new Redis(redisUrl, LIMITER_REDIS_OPTIONS),
      prefix: `${redisPrefix}rate:`,
      fallback: createMemoryRateLimiter(now),
      log: app.log,
      metrics,
    });
    return { api: limiter, stop: () => limiter.close() };
  },
};
