import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WS_PATH } from '@tradedesk/contract';
import { ADMIN_WS_PATH } from '@tradedesk/contract/admin';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { type Metrics, metrics as processMetrics } from '../metrics/metrics.ts';
import { parseClientMessage } from './client-message.ts';
import { createFanOut } from './fan-out.ts';
import { admitMessage } from './message-rate.ts';
import { type Client, createClient } from './socket-client.ts';
import { closeGoingAway } from './socket-endings.ts';
import { createSocketSessions } from './socket-sessions.ts';
import { createSocketsPerAddress } from './sockets-per-address.ts';
import { createSubscriptions } from './subscriptions.ts';
import type { RevokedSession, SocketSession, TopicOwner } from './topic-owner.ts';

export type {
  Frame,
  RevokedSession,
  SocketSession,
  TopicOutput,
  TopicOwner,
} from './topic-owner.ts';

export interface GatewayOptions {
  /** The domains' topics, flushed in this order. */
  topics: readonly TopicOwner[];
  resolveSession: (token: string | null) => Promise<SocketSession | null>;
  /** Subscribes to revoked sessions (from any node); returns how to stop. */
  watchRevocations: (onRevoked: (revoked: RevokedSession) => void) => () => void;
  now: () => number;
  /** How often conflated quotes go out (SPEC: 100–250 ms). */
  flushMs?: number;
  /** A socket silent this long (no ping, nothing) is closed. */
  idleMs?: number;
  /**
   * A client whose unread data (sent, not yet proven read: see read-window.ts) passes this is
   * disconnected rather than buffered without bound.
   */
  maxBufferedBytes?: number;
  /** How often every socket is probed; one that leaves a probe unanswered two beats is cut. */
  heartbeatMs?: number;
  /** Where open sockets and sent frames are counted; by default this process's metrics. */
  metrics?: Metrics;
  /** Sockets one client address may hold open (MAX_SOCKETS_PER_ADDRESS); past it, 429. */
  maxSocketsPerAddress: number;
  /** TRUST_PROXY: a client's address is X-Forwarded-For's, as the HTTP routes read it. */
  trustProxy: boolean;
}

const MAX_MESSAGE_BYTES = 4096;

/**
 * The socket at /v1/ws. Market updates are conflated (the newest quote per instrument) and
 * published every flush: each topic's frame is serialized once and the same string goes to
 * every subscriber. Idle clients are closed, and a malformed message gets an error frame,
 * never a crash.
 *
 * Slow readers: what a client has not read is counted end to end, kernel buffers included
 * (read-window.ts). Past 64 KiB unread it gets no more market frames, only the newest of each
 * quote and candle once it catches up (held-frames.ts); replies and private pushes still go.
 * Past `maxBufferedBytes` unread, or with a probe unanswered two heartbeats, it is cut: a
 * client that does not read its socket never answers, whatever app-level pings it sends.
 */
export function createGateway(app: FastifyInstance, options: GatewayOptions) {
  const { topics, now } = options;
  const flushMs = options.flushMs ?? 100;
  const idleMs = options.idleMs ?? 30_000;
  const maxBuffered = options.maxBufferedBytes ?? 1_048_576;
  // A reading client sends a pong within a round trip; a second is slack for a slow link.
  const heartbeatMs = options.heartbeatMs ?? Math.max(idleMs / 2, 1_000);
  const limits = { behindBytes: Math.min(65_536, maxBuffered / 4), maxBytes: maxBuffered };
  const server = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_MESSAGE_BYTES,
  });
  const clients = new Set<Client>();
  const metrics = options.metrics ?? processMetrics;
  const subscriptions = createSubscriptions(topics);
  const fanOut = createFanOut({ clients, subscriptions, metrics, log: app.log });
  const { send, reply } = fanOut;
  const sessions = createSocketSessions({
    topics,
    resolveSession: options.resolveSession,
    tellEnded: (client) => reply(client, { type: 'login_result', code: 999 }),
  });
  const perAddress = createSocketsPerAddress({
    max: options.maxSocketsPerAddress,
    trustProxy: options.trustProxy,
  });

  async function onMessage(client: Client, raw: string): Promise<void> {
    client.lastSeen = now();
    const message = parseClientMessage(raw);
    if (!message) return reply(client, { type: 'error', code: 1000, msg: 'malformed message' });
    switch (message.type) {
      case 'ping':
        return reply(client, { type: 'pong' });
      case 'sub': {
        // Nothing new to say (the protocol has no ack): a repeat must not cost a board again.
        if (client.topics.has(message.topic)) return;
        if (!subscriptions.subscribe(client, message.topic))
          return reply(client, { type: 'error', code: 404, msg: `unknown topic ${message.topic}` });
        // Quotes start with the whole board: the client's snapshot may be older than this.
        const first = subscriptions.ownerOf(message.topic)?.firstFrame?.(message.topic);
        if (first) send(client, message.topic, first.frame, first.bytes);
        return;
      }
      case 'unsub':
        return subscriptions.unsubscribe(client, message.topic);
      case 'login': {
        const session = await sessions.resolveLogin(message.token);
        await sessions.setSession(client, session);
        return reply(client, { type: 'login_result', code: session ? 1 : 999 });
      }
      case 'logout':
        return sessions.setSession(client, null);
    }
  }

  function onConnection(socket: WebSocket, connection: Duplex): void {
    const client = createClient(socket, connection, limits, now());
    clients.add(client);
    // Up and down, not set to clients.size: apps in one process (tests of several nodes)
    // share the process's gauge, and each adds its own sockets.
    metrics.socketClients.inc();
    socket.on('message', (data, isBinary) => {
      if (!admitMessage(socket, client.rate, app.log)) return;
      if (isBinary) return reply(client, { type: 'error', code: 1000, msg: 'text frames only' });
      onMessage(client, data.toString()).catch((error: unknown) => {
        app.log.error({ err: error }, 'socket message failed');
        reply(client, { type: 'error', code: 500, msg: 'internal error' });
      });
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clients.delete(client);
      metrics.socketClients.dec();
      subscriptions.leaveAll(client);
      if (client.session) sessions.untrack(client.session.userId);
    });
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WS_PATH) {
      // The support desk's socket has its own handler (domains/support/desk-socket.ts).
      if (path !== ADMIN_WS_PATH) socket.destroy();
      return;
    }
    if (!perAddress.admit(request, socket)) return;
    server.handleUpgrade(request, socket, head, (ws) => onConnection(ws, socket));
  }

  function flush(): void {
    fanOut.catchUp();
    for (const owner of topics) owner.flush?.(fanOut.output);
  }

  /** Closes silent sockets, and ends sessions that expired while their socket stayed open. */
  function sweep(): void {
    const t = now();
    for (const client of clients) {
      if (client.session && client.session.expiresAt <= t) sessions.endSession(client);
      if (client.lastSeen < t - idleMs) client.socket.close(4000, 'idle');
    }
  }

  /** Probes every socket, and cuts those that left a probe unanswered: they are not reading. */
  function heartbeat(): void {
    for (const client of clients)
      if (!client.window.beat()) fanOut.cut(client, 'socket not reading');
  }

  let flushTimer: NodeJS.Timeout | undefined;
  let stopEvents: (() => void)[] = [];
  let sweepTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  return {
    start(): void {
      app.server.on('upgrade', onUpgrade);
      stopEvents = [
        options.watchRevocations((revoked) => sessions.onRevoked(revoked, clients)),
        ...topics.flatMap((owner) => (owner.start ? [owner.start(fanOut.output)] : [])),
      ];
      flushTimer = setInterval(flush, flushMs);
      sweepTimer = setInterval(sweep, Math.min(idleMs, 1_000));
      heartbeatTimer = setInterval(heartbeat, heartbeatMs);
    },
    async stop(): Promise<void> {
      clearInterval(flushTimer);
      clearInterval(sweepTimer);
      clearInterval(heartbeatTimer);
      for (const stopEvent of stopEvents) stopEvent();
      app.server.off('upgrade', onUpgrade);
      await closeGoingAway([...clients].map((client) => client.socket));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Publishes now (tests; the timer does it otherwise). */
    flush,
    /** Closes idle sockets and ends expired sessions now (tests; the timer does it otherwise). */
    sweep,
  };
}

export type Gateway = ReturnType<typeof createGateway>;
