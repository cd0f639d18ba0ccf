import { TOPICS } from '@tradedesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';
import type { ItemKey } from './held-frames.ts';
import type { Client } from './socket-client.ts';
import { resetConnection } from './socket-endings.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { TopicOutput } from './topic-owner.ts';

/** The topics counted by name; KLINE.{code} as one family, so that codes make no labels. */
const COUNTED_TOPICS: readonly string[] = [TOPICS.dayMarket, TOPICS.forexTrade, TOPICS.forexClosed];

/** A frame's topic family for `tradedesk_socket_frames_total`; replies (null) are "other". */
function topicFamily(topic: string | null): string {
  if (topic === null) return 'other';
  if (topic.startsWith(TOPICS.klinePrefix)) return 'KLINE';
  return COUNTED_TOPICS.includes(topic) ? topic : 'other';
}

/**
 * How frames reach sockets at each one's pace: a client past its read window's limit is cut; a
 * client that is behind gets market data held, conflated, and sent once it catches up.
 */
export function createFanOut(deps: {
  clients: ReadonlySet<Client>;
  subscriptions: Subscriptions;
  metrics: Metrics;
  log: FastifyBaseLogger;
}) {
  const { clients, subscriptions, metrics } = deps;

  /** A frame on `topic` (null: a reply), counted once it is handed to the socket. */
  function send(
    client: Client,
    topic: string | null,
    frame: string,
    bytes = Buffer.byteLength(frame),
  ): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.window.isOverLimit()) {
      cut(client, 'socket too slow, disconnecting');
      return;
    }
    client.socket.send(frame);
    client.window.sent(bytes);
    metrics.socketFrames.inc({ topic: topicFamily(topic) });
  }

  /** A client that does not read is reset, not closed (socket-endings.ts). */
  function cut(client: Client, why: string): void {
    deps.log.warn({ unreadBytes: client.window.unreadBytes() }, why);
    resetConnection(client.socket, client.connection);
  }

  /** Market data to a topic's subscribers; for one that is behind it is held, conflated. */
  function publish<T>(topic: string, items: readonly T[], keyOf: (item: T) => ItemKey): void {
    const audience = subscriptions.audience(topic);
    if (!audience || audience.size === 0) return;
    const frame = JSON.stringify({ topic, data: items });
    const bytes = Buffer.byteLength(frame);
    for (const client of audience) {
      if (client.window.isBehind()) client.held.hold(topic, items, keyOf);
      else send(client, topic, frame, bytes);
    }
  }

  function toUser(topic: string, userId: number, frame: string): void {
    for (const client of subscriptions.audience(topic) ?? [])
      if (client.session?.userId === userId) send(client, topic, frame);
  }

  function toEachUser(topic: string, frameOf: (userId: number) => string | null): void {
    const audience = subscriptions.audience(topic);
    if (!audience || audience.size === 0) return;
    const frames = new Map<number, string | null>();
    for (const client of audience) {
      const userId = client.session?.userId;
      if (userId === undefined) continue;
      if (!frames.has(userId)) frames.set(userId, frameOf(userId));
      const frame = frames.get(userId);
      if (frame && frame !== client.lastPrivate.get(topic)) {
        client.lastPrivate.set(topic, frame);
        send(client, topic, frame);
      }
    }
  }

  const output: TopicOutput = { publish, toUser, toEachUser };

  return {
    send,
    cut,
    reply: (client: Client, message: object): void => send(client, null, JSON.stringify(message)),
    output,
    /** A client that caught up gets what was held for it, before this flush's news. */
    catchUp(): void {
      for (const client of clients) {
        if (client.held.isEmpty() || client.window.isBehind()) continue;
        for (const [topic, data] of client.held.take())
          if (client.topics.has(topic)) send(client, topic, JSON.stringify({ topic, data }));
      }
    },
  };
}

export type FanOut = ReturnType<typeof createFanOut>;
