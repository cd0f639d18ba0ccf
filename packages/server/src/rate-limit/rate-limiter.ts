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

/**
 * Counts in this process's memory. Each operation reads and writes the map without an
 * await in between, which is what makes it atomic here.
 */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Window>();
  let operations = 0;

  function current(key: string): Window | undefined {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  // Expired windows are swept now and then so that a flood of distinct keys cannot grow the map.
  function sweep(): void {
    if (++operations % 1000 !== 0) return;
    const t = now();
    for (const [key, window] of windows) if (window.resetAt <= t) windows.delete(key);
  }

  function consume(key: string, rule: RateLimitRule): RateLimitVerdict {
    sweep();
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
    consume: (key, rule) => Promise.resolve(consume(key, rule)),
    refund: (key) => Promise.resolve(refund(key)),
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}
