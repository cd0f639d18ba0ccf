import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter.ts';

describe('memory rate limiter', () => {
  it('allows up to the limit in a window, then tells how long to wait', () => {
    let now = 1_000;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('k', rule)).toEqual({ allowed: true });
      limiter.hit('k', rule);
    }
    now += 20_000;
    expect(limiter.check('k', rule)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(limiter.check('other', rule)).toEqual({ allowed: true });
    now += 40_000;
    expect(limiter.check('k', rule)).toEqual({ allowed: true });
  });

  it('forgets a key on reset', () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1_000 };
    limiter.hit('k', rule);
    expect(limiter.check('k', rule).allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.check('k', rule).allowed).toBe(true);
  });
});
