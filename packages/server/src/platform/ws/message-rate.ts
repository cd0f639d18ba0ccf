import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

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
 * parse and a reply per message, so it is closed. The back office's desk socket
 * (domains/support/desk-socket.ts) sends one login and a ping every 25 s, far below it.
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

/**
 * Whether a message that arrived on `socket` is to be handled; the one rule of both sockets
 * (/v1/ws and /admin/ws). Not while the socket closes: what a flooding client still sends
 * before its close reply is dropped. Not past its rate: the socket is closed, 1008.
 */
export function admitMessage(
  socket: WebSocket,
  rate: MessageRate,
  log: FastifyBaseLogger,
): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (rate.take()) return true;
  log.warn('socket past its message rate, closing');
  socket.close(1008, 'message rate exceeded');
  return false;
}
