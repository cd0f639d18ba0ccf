import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Counts events per key in fixed windows. The embedded deployment keeps the counts in
 * memory (one process); a scale-out deployment swaps in a shared store behind this interface.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Every operation is atomic in the store, so that servers sharing the counts cannot all
 * pass a check that only one of them should pass. There is deliberately no "check, then
 * count": a caller that must count only some outcomes (failures) consumes first and then
 * refunds or resets, so that attempts still in flight hold their place.
 *
 * A Redis implementation keeps one key per counter, holding the count, and the window
 * as the key's expiry; each operation is one Lua script (EVALSHA), atomic on the server:
 * - `consume`: `GET`; at or over the limit answer `PTTL` as `retryAfterMs` and write
 *   nothing; otherwise `INCR`, and `PEXPIRE` when that made it 1 (a new window).
 *   (INCR + PEXPIRE NX in one MULTI is atomic too, but it counts refused events, which
 *   `refund` would then take back instead of the events it is meant for.)
 * - `refund`: `DECR` if the key exists; `DEL` when that reaches 0.
 * - `reset`: `DEL`.
 */
export interface RateLimiter {
  /**
   * Counts one event if it is within the limit, and tells whether it was. A refused event
   * is not counted: refusals change nothing, and the window keeps its end.
   */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitVerdict>;
  /**
   * Takes back one event that `consume` counted, for a request that turned out not to
   * count (refused further on, or failed). Taking back the only event of a window forgets
   * the window, as if the event never happened. Nothing happens if the key has no window.
   */
  refund(key: string): Promise<void>;
  /** Forgets every event of the key. */
  reset(key: string): Promise<void>;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Keys longer than this are stored by their hash (the part naming the limit stays readable). */
const MAX_KEY_LENGTH = 128;

/**
 * A key of bounded size: a client's text (an e-mail, an address) is part of many keys, and
 * however long it is, the limiter keeps at most a digest of it.
 */
export function boundedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  const colon = key.indexOf(':');
  const name = colon > 0 && colon < 32 ? key.slice(0, colon) : 'key';
  return `${name}:#${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * Counts in this process's memory. Each operation reads and writes the map without an
 * await in between, which is what makes it atomic here.
 *
 * Memory is bounded twice: keys are of bounded size, and at most `maxKeys` windows are kept,
 * the least recently used one forgotten first (lru-cache). Forgetting a window can only let
 * a client through early, never lock one out; filling 100 000 windows takes as many
 * distinct addresses, which the per-address limits in front of every per-account limit cost.
 */
export function createMemoryRateLimiter(
  now: () => number = Date.now,
  options: { maxKeys?: number } = {},
): RateLimiter & { size(): number } {
  const windows = new LRUCache<string, Window>({ max: options.maxKeys ?? 100_000 });

  function current(key: string): Window | undefined {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  function consume(key: string, rule: RateLimitRule): RateLimitVerdict {
    const window = current(key);
    if (!window) {
      windows.set(key, { count: 1, resetAt: now() + rule.windowMs });
      return { allowed: true };
    }
    if (window.count >= rule.limit) return { allowed: false, retryAfterMs: window.resetAt - now() };
    window.count += 1;
    return { allowed: true };
  }

  function refund(key: string): void {
    const window = current(key);
    if (!window) return;
    window.count -= 1;
    if (window.count <= 0) windows.delete(key);
  }

  return {
    consume: (key, rule) => Promise.resolve(consume(boundedKey(key), rule)),
    refund: (key) => Promise.resolve(refund(boundedKey(key))),
    reset(key) {
      windows.delete(boundedKey(key));
      return Promise.resolve();
    },
    size: () => windows.size,
  };
}
