import type { Redis, RedisOptions } from 'ioredis';
import type { Metrics } from '../metrics/metrics.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

/**
 * How the limiter's Redis client behaves when Redis goes away: it answers at once or within
 * `commandTimeout`, never waits for a connection, and keeps reconnecting by itself.
 * - `enableOfflineQueue: false`: a command while disconnected fails at once instead of
 *   queueing until Redis returns (what made logins wait 10 s and then fail).
 * - `maxRetriesPerRequest: 0`: a command in flight when the connection drops fails at once
 *   rather than being sent again after a reconnect.
 * - `commandTimeout`: a Redis that holds the connection but does not answer (hung, paused,
 *   a network partition) costs a call at most this long.
 * - `socketTimeout`: such a connection is dropped after a second without data while commands
 *   wait, so that calls fail at once again and the client reconnects.
 * - `retryStrategy`: reconnects for ever, 100 ms after the loss, then doubling up to 1 s; so
 *   Redis is used again at most about a second after it returns.
 */
export const LIMITER_REDIS_OPTIONS = {
  lazyConnect: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 500,
  commandTimeout: 150,
  socketTimeout: 1_000,
  retryStrategy: (attempt: number) => Math.min(100 * 2 ** (attempt - 1), 1_000),
} as const satisfies RedisOptions;

/** The logger's methods the limiter uses (pino's and Fastify's fit). */
export interface LimiterLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Refusals of Redis itself (a script error, a full memory): Redis is there, just unwilling. */
function isReplyError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}

/** At most one log line a minute about refusals of Redis itself. */
const REPLY_ERROR_LOG_INTERVAL_MS = 60_000;

/** How often a connection that stayed open through failed calls is asked whether it answers. */
const PROBE_INTERVAL_MS = 1_000;

/** How long the calls of a node that just started wait for its first connection to Redis. */
const STARTUP_WAIT_MS = 200;

/**
 * The limiter of a deployment with REDIS_URL, failing open to a per-node limit: it counts in
 * Redis (shared by every node) while Redis answers, and in this node's memory (`fallback`)
 * for every call that Redis fails or does not answer within the client's timeouts. Logins
 * keep working through an outage, and guessing stays bounded per node: a deployment of n
 * nodes lets at most n times a limit through while Redis is away.
 *
 * An outage starts with the first failed call or connection error and ends when the client
 * is ready again or answers a PING: one warning at its start, one info line at its end,
 * `tradedesk_redis_up` and `tradedesk_redis_outages_total` follow it, and every call answered
 * by the fallback counts in `tradedesk_rate_limit_fallback_total`. The 'error' listener is
 * what keeps ioredis from printing each failed reconnect as an unhandled error.
 *
 * What this gives up: counts made in memory during an outage stay on their node (Redis does
 * not learn them), and a refund straddling the outage's end may take back the other store's
 * event; both can only let a client through early, never lock one out.
 */
export function createResilientRateLimiter(deps: {
  redis: Redis;
  fallback: RateLimiter;
  log: LimiterLog;
  metrics: Pick<Metrics, 'redisUp' | 'redisOutages' | 'rateLimitFallbacks'>;
  /** The key prefix in Redis (tests sharing one Redis give each their own). */
  prefix?: string;
}): RateLimiter & { close(): Promise<void> } {
  const { redis, fallback, log, metrics } = deps;
  const shared = createRedisRateLimiter(redis, deps.prefix);
  let state: 'starting' | 'up' | 'down' = 'starting';
  let closing = false;
  let downSince = 0;
  let replyErrorLoggedAt = Number.NEGATIVE_INFINITY;
  let probe: ReturnType<typeof setInterval> | undefined;
  metrics.redisUp.set(0);

  // A node that just started counts in Redis from its first call: calls before the first
  // connection is ready (or has failed) wait for it, a few milliseconds on a local network.
  let started: () => void = () => {};
  const startup = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, STARTUP_WAIT_MS);
    timer.unref();
    started = () => {
      clearTimeout(timer);
      resolve();
    };
  });

  /**
   * A Redis that was slow or paused may answer again on the same connection, which then
   * never becomes 'ready' anew: a PING now and then ends the outage even on a node without
   * traffic, so that `tradedesk_redis_up` does not stay 0 on a quiet node.
   */
  function probeUntilUp(): void {
    if (probe) return;
    probe = setInterval(() => {
      if (closing || state !== 'down') {
        clearInterval(probe);
        probe = undefined;
      } else if (redis.status === 'ready') {
        redis.ping().then(markUp, () => {});
      }
    }, PROBE_INTERVAL_MS);
    probe.unref();
  }

  function markDown(error: unknown): void {
    if (closing || state === 'down') return;
    state = 'down';
    started();
    downSince = Date.now();
    metrics.redisUp.set(0);
    metrics.redisOutages.inc();
    probeUntilUp();
    log.warn(
      { err: error },
      'Redis for rate limits does not answer: each node counts its own limits until it does',
    );
  }

  function markUp(): void {
    if (closing || state === 'up') return;
    const wasDown = state === 'down';
    state = 'up';
    started();
    metrics.redisUp.set(1);
    if (wasDown) {
      log.info(
        { outageMs: Date.now() - downSince },
        'Redis for rate limits answers again: limits are shared by every node again',
      );
    }
  }

  redis.on('ready', markUp);
  redis.on('error', markDown);
  redis.on('close', () => markDown(new Error('Connection to Redis closed')));

  function noteReplyError(error: unknown): void {
    const at = Date.now();
    if (at - replyErrorLoggedAt < REPLY_ERROR_LOG_INTERVAL_MS) return;
    replyErrorLoggedAt = at;
    log.error({ err: error }, 'Redis refused a rate limit command: counted on this node instead');
  }

  /**
   * Redis's answer, or the fallback's when Redis fails or times out. During an outage the
   * fallback answers at once: a hung Redis costs one call its timeout, not every call (a
   * login makes up to five); the client's 'ready' or the probe ends the outage.
   */
  async function either<T>(onRedis: () => Promise<T>, onFallback: () => Promise<T>): Promise<T> {
    if (state === 'starting') await startup;
    if (state === 'down') {
      metrics.rateLimitFallbacks.inc();
      return onFallback();
    }
    try {
      const answer = await onRedis();
      markUp();
      return answer;
    } catch (error) {
      if (isReplyError(error)) noteReplyError(error);
      else markDown(error);
      metrics.rateLimitFallbacks.inc();
      return onFallback();
    }
  }

  return {
    consume: (key, rule) =>
      either(
        () => shared.consume(key, rule),
        () => fallback.consume(key, rule),
      ),
    refund: (key) =>
      either(
        () => shared.refund(key),
        () => fallback.refund(key),
      ),
    async reset(key) {
      // Memory may still hold counts of an earlier outage: what the caller forgives (a login
      // that succeeded) must not come back in the next one.
      await fallback.reset(key);
      await either(
        () => shared.reset(key),
        () => Promise.resolve(),
      );
    },
    async close() {
      closing = true;
      clearInterval(probe);
      try {
        await redis.quit();
      } catch {
        // Not connected (or not answering): there is nothing to say goodbye to.
        redis.disconnect();
      }
    },
  };
}
