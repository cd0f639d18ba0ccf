/**
 * Counts events per key in fixed windows. The embedded deployment keeps the counts in
 * memory (one process); a scale-out deployment swaps in a shared store behind this interface.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Whether one more event would be allowed, without counting it. */
  check(key: string, rule: RateLimitRule): RateLimitVerdict;
  /** Counts an event. */
  hit(key: string, rule: RateLimitRule): void;
  reset(key: string): void;
}

interface Window {
  count: number;
  resetAt: number;
}

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

  return {
    check(key, rule) {
      const window = current(key);
      if (!window || window.count < rule.limit) return { allowed: true };
      return { allowed: false, retryAfterMs: window.resetAt - now() };
    },
    hit(key, rule) {
      sweep();
      const window = current(key);
      if (window) window.count += 1;
      else windows.set(key, { count: 1, resetAt: now() + rule.windowMs });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
