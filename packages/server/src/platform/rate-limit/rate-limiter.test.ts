import { describe, expect, it } from 'vitest';
import { boundedKey, createMemoryRateLimiter } from './rate-limiter.ts';

describe('memory rate limiter', () => {
  it('allows up to the limit in a window, then tells how long to wait', async () => {
    let now = 1_000;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(await limiter.consume('k', rule)).toEqual({ allowed: true });
    now += 20_000;
    expect(await limiter.consume('k', rule)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(await limiter.consume('other', rule)).toEqual({ allowed: true });
    now += 40_000;
    expect(await limiter.consume('k', rule)).toEqual({ allowed: true });
  });

  it('lets exactly the limit through when many consume at once', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 5, windowMs: 60_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 50 }, () => limiter.consume('k', rule)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
  });

  it('counts no refused event', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 2, windowMs: 60_000 };
    await limiter.consume('k', rule);
    await limiter.consume('k', rule);
    for (let i = 0; i < 3; i++) expect((await limiter.consume('k', rule)).allowed).toBe(false);
    // Had the refusals counted, one refund would still leave the key over its limit.
    await limiter.refund('k');
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect((await limiter.consume('k', rule)).allowed).toBe(false);
  });

  it('forgets the window when its only event is refunded', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 1, windowMs: 60_000 };
    await limiter.consume('k', rule);
    now = 10_000;
    await limiter.refund('k');
    now = 30_000;
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    now = 40_000;
    // The window began with the event at 30 s, not with the refunded one at 0 s.
    expect(await limiter.consume('k', rule)).toEqual({ allowed: false, retryAfterMs: 50_000 });
  });

  it('keeps the window of the events a refund leaves', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 2, windowMs: 60_000 };
    await limiter.consume('k', rule);
    now = 10_000;
    await limiter.consume('k', rule);
    await limiter.refund('k');
    await limiter.consume('k', rule);
    expect(await limiter.consume('k', rule)).toEqual({ allowed: false, retryAfterMs: 50_000 });
  });

  it('ignores a refund without a window, so counts never go below zero', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 1, windowMs: 1_000 };
    await limiter.refund('k');
    await limiter.consume('k', rule);
    now = 1_000;
    await limiter.refund('k');
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    expect((await limiter.consume('k', rule)).allowed).toBe(false);
  });

  it('forgets a key on reset', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1_000 };
    await limiter.consume('k', rule);
    expect((await limiter.consume('k', rule)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
  });
});

describe('memory rate limiter bounds', () => {
  it('keeps at most maxKeys windows, forgetting the least recently used', async () => {
    const limiter = createMemoryRateLimiter(() => 0, { maxKeys: 100 });
    const rule = { limit: 1, windowMs: 60_000 };
    for (let i = 0; i < 1_000; i++) await limiter.consume(`flood:${i}`, rule);
    expect(limiter.size()).toBe(100);
    expect((await limiter.consume('flood:999', rule)).allowed).toBe(false);
    expect((await limiter.consume('flood:0', rule)).allowed).toBe(true);
  });

  it('stores a long key as a digest of bounded size that still counts', async () => {
    expect(boundedKey('login:short')).toBe('login:short');
    const huge = `login-fail:${'a'.repeat(1_000_000)}`;
    expect(boundedKey(huge).length).toBeLessThan(80);
    expect(boundedKey(huge)).toMatch(/^login-fail:#/);
    expect(boundedKey(huge)).not.toBe(boundedKey(`${huge}b`));
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await limiter.consume(huge, rule)).allowed).toBe(true);
    expect((await limiter.consume(huge, rule)).allowed).toBe(false);
  });
});
