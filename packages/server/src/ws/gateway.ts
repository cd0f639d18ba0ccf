import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { TOPICS, WS_PATH } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { MarketService } from '../domains/market/market.service.ts';
import type { UserRecord } from '../domains/users/users.repository.ts';
import { parseClientMessage } from './client-message.ts';

export interface GatewayOptions {
  market: MarketService;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  now: () => number;
  /** How often conflated quotes go out (SPEC: 100–250 ms). */
  flushMs?: number;
  /** A socket silent this long (no ping, nothing) is closed. */
  idleMs?: number;
  /** A client whose unsent data passes this is disconnected rather than buffered without bound. */
  maxBufferedBytes?: number;
}

interface Client {
  socket: WebSocket;
  topics: Set<string>;
  userId: number | null;
  lastSeen: number;
}

const MAX_TOPICS_PER_CLIENT = 64;
const MAX_MESSAGE_BYTES = 4096;

/**
 * The socket at /v1/ws. Market updates are conflated (the newest quote per instrument) and
 * published every flush: each topic's frame is serialized once and the same string goes to
 * every subscriber. Slow clients are cut off, idle ones closed, and a malformed message
 * gets an error frame, never a crash.
 */
export function createGateway(app: FastifyInstance, options: GatewayOptions) {
  const { market, now } = options;
  const flushMs = options.flushMs ?? 100;
  const idleMs = options.idleMs ?? 30_000;
  const maxBuffered = options.maxBufferedBytes ?? 1_048_576;
  const server = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_MESSAGE_BYTES,
  });
  const clients = new Set<Client>();
  const subscribers = new Map<string, Set<Client>>();

  function send(client: Client, frame: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > maxBuffered) {
      app.log.warn({ buffered: client.socket.bufferedAmount }, 'socket too slow, disconnecting');
      client.socket.terminate();
      return;
    }
    client.socket.send(frame);
  }

  function reply(client: Client, message: object): void {
    send(client, JSON.stringify(message));
  }

  function broadcast(topic: string, data: unknown): void {
    const audience = subscribers.get(topic);
    if (!audience || audience.size === 0) return;
    const frame = JSON.stringify({ topic, data });
    for (const client of audience) send(client, frame);
  }

  function subscribe(client: Client, topic: string): boolean {
    const known =
      topic === TOPICS.dayMarket ||
      (topic.startsWith(TOPICS.klinePrefix) &&
        market.hasCode(topic.slice(TOPICS.klinePrefix.length)));
    if (!known || client.topics.size >= MAX_TOPICS_PER_CLIENT) return false;
    client.topics.add(topic);
    let audience = subscribers.get(topic);
    if (!audience) {
      audience = new Set();
      subscribers.set(topic, audience);
    }
    audience.add(client);
    return true;
  }

  function unsubscribe(client: Client, topic: string): void {
    client.topics.delete(topic);
    subscribers.get(topic)?.delete(client);
  }

  async function onMessage(client: Client, raw: string): Promise<void> {
    client.lastSeen = now();
    const message = parseClientMessage(raw);
    if (!message) return reply(client, { type: 'error', code: 1000, msg: 'malformed message' });
    switch (message.type) {
      case 'ping':
        return reply(client, { type: 'pong' });
      case 'sub':
        if (!subscribe(client, message.topic))
          reply(client, { type: 'error', code: 404, msg: `unknown topic ${message.topic}` });
        return;
      case 'unsub':
        return unsubscribe(client, message.topic);
      case 'login': {
        const user = await options.authenticate(message.token);
        client.userId = user?.id ?? null;
        return reply(client, { type: 'login_result', code: user ? 1 : 999 });
      }
      case 'logout':
        client.userId = null;
        return;
    }
  }

  function onConnection(socket: WebSocket): void {
    const client: Client = { socket, topics: new Set(), userId: null, lastSeen: now() };
    clients.add(client);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return reply(client, { type: 'error', code: 1000, msg: 'text frames only' });
      onMessage(client, data.toString()).catch((error: unknown) => {
        app.log.error({ err: error }, 'socket message failed');
        reply(client, { type: 'error', code: 500, msg: 'internal error' });
      });
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clients.delete(client);
      for (const topic of client.topics) subscribers.get(topic)?.delete(client);
    });
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WS_PATH) {
      socket.destroy();
      return;
    }
    server.handleUpgrade(request, socket, head, onConnection);
  }

  function flush(): void {
    const quotes = market.publishQuotes();
    if (quotes.length > 0) broadcast(TOPICS.dayMarket, quotes);
    for (const [code, candles] of market.publishCandles())
      broadcast(`${TOPICS.klinePrefix}${code}`, candles);
  }

  function closeIdle(): void {
    const limit = now() - idleMs;
    for (const client of clients) if (client.lastSeen < limit) client.socket.close(4000, 'idle');
  }

  let flushTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  return {
    start(): void {
      app.server.on('upgrade', onUpgrade);
      flushTimer = setInterval(flush, flushMs);
      idleTimer = setInterval(closeIdle, Math.min(idleMs, 5_000));
    },
    async stop(): Promise<void> {
      clearInterval(flushTimer);
      clearInterval(idleTimer);
      app.server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Publishes now (tests; the timer does it otherwise). */
    flush,
  };
}

export type Gateway = ReturnType<typeof createGateway>;
