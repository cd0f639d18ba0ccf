import type { Redis } from 'ioredis';
import { boundedKey, type RateLimiter, type RateLimitRule } from './rate-limiter.ts';

/**
 * Counts one event if the window holds fewer than the limit; a refused event writes nothing.
 * KEYS[1] the counter; ARGV[1] the limit, ARGV[2] the window in ms. Answers {allowed, retry ms}.
 * A counter without an expiry (impossible unless written by hand) gets the window again, so
 * that no key can lock a client out for ever.
 */
const CONSUME = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {0, ttl}
end
if redis.call('INCR', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return {1, 0}
`;

/** Takes back one event; the last one taken back forgets the window. */
const REFUND = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
return 1
`;

type LimiterCommands = {
  tdRateConsume(key: string, limit: number, windowMs: number): Promise<[number, number]>;
  tdRateRefund(key: string): Promise<number>;
};

/**
 * The limiter of a deployment of several nodes (REDIS_URL): every node counts in one Redis,
 * each operation one Lua script, atomic on the server (the semantics of `RateLimiter`), so
 * that attempts spread over nodes meet the same limits as attempts on one. Windows are the
 * keys' expiries: Redis forgets every counter by itself, and keys are of bounded size.
 *
 * Redis keeps its own time; a test clock does not move it (tests of windows use the memory
 * limiter; tests of this one race within a window).
 */
export function createRedisRateLimiter(redis: Redis, prefix = 'td:rate:'): RateLimiter {
  const client = redis as Redis & LimiterCommands;
  if (!('tdRateConsume' in client)) {
    redis.defineCommand('tdRateConsume', { numberOfKeys: 1, lua: CONSUME });
    redis.defineCommand('tdRateRefund', { numberOfKeys: 1, lua: REFUND });
  }
  const keyOf = (key: string) => `${prefix}${boundedKey(key)}`;
  return {
    async consume(key: string, rule: RateLimitRule) {
      const [allowed, retryAfterMs] = await client.tdRateConsume(
        keyOf(key),
        rule.limit,
        rule.windowMs,
      );
      return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs };
    },
    async refund(key: string) {
      await client.tdRateRefund(keyOf(key));
    },
    async reset(key: string) {
      await redis.del(keyOf(key));
    },
  };
}
