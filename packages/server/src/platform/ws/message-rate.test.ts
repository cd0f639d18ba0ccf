import { describe, expect, it } from 'vitest';
import { createMessageRate } from './message-rate.ts';

describe('a socket’s message rate (token bucket)', () => {
  it('lets a full burst through, refuses the next, and refills at the rule’s pace', () => {
    const clock = { now: 0 };
    const rate = createMessageRate(() => clock.now, { burst: 5, perSecond: 2 });
    for (let i = 0; i < 5; i++) expect(rate.take()).toBe(true);
    expect(rate.take()).toBe(false);
    // Half a token after 250 ms, one after 500 ms.
    clock.now += 250;
    expect(rate.take()).toBe(false);
    clock.now += 250;
    expect(rate.take()).toBe(true);
    expect(rate.take()).toBe(false);
    // A long silence fills the bucket to its burst, never beyond.
    clock.now += 60_000;
    for (let i = 0; i < 5; i++) expect(rate.take()).toBe(true);
    expect(rate.take()).toBe(false);
  });

  it('never stops the web client: a reconnect at the topic cap, then pings and screen changes', () => {
    const clock = { now: 0 };
    const rate = createMessageRate(() => clock.now);
    // Login and 64 subscriptions (the gateway's cap) at once.
    for (let i = 0; i < 65; i++) expect(rate.take()).toBe(true);
    // Then for ten minutes a screen change (unsub + sub) every second and a ping every 5 s.
    for (let second = 1; second <= 600; second++) {
      clock.now += 1_000;
      expect(rate.take()).toBe(true);
      expect(rate.take()).toBe(true);
      if (second % 5 === 0) expect(rate.take()).toBe(true);
    }
  });
});
