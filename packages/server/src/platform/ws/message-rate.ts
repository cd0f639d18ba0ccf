export interface MessageRateRule {
  /** Messages a socket may send at once, from a full bucket. */
  burst: number;
  /** Messages a second the bucket refills by: what a socket may keep sending forever. */
  perSecond: number;
}

/**
 * The web client (packages/web/src/lib/ws-client.ts) sends, on every (re)connect, one login
 * and one sub per topic it holds (a handful; the gateway accepts 64 at most), then one ping
 * every 5 s, and an unsub/sub pair when a screen changes. A burst of 100 takes a reconnect
 * even at the 64-topic cap; 20 a second is a hundred times the heartbeat and more screen
 * changes than a thumb makes. A socket past it is not an app: flooding costs the server a
 * parse and a reply per message, so it is closed.
 */
export const MESSAGE_RATE: MessageRateRule = { burst: 100, perSecond: 20 };

/**
 * A token bucket for one socket's messages. Not the server's `RateLimiter`
 * (rate-limit/rate-limiter.ts): that counts per key in fixed windows behind an async store
 * shared between nodes (Redis), which a per-message check on one connection needs none of —
 * a fixed window also lets through twice its limit across a window's edge. Nor a package:
 * the bucket is a few lines on the socket's own record, dropped with it.
 */
export function createMessageRate(now: () => number, rule: MessageRateRule = MESSAGE_RATE) {
  let tokens = rule.burst;
  let filledAt = now();
  return {
    /** Takes one message's token: false once the socket sends faster than the rule allows. */
    take(): boolean {
      const t = now();
      tokens = Math.min(rule.burst, tokens + ((t - filledAt) * rule.perSecond) / 1000);
      filledAt = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export type MessageRate = ReturnType<typeof createMessageRate>;
