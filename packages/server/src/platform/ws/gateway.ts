import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { TOPICS, WS_PATH } from '@tradedesk/contract';
import { ADMIN_WS_PATH } from '@tradedesk/contract/admin';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { type Metrics, metrics as processMetrics } from '../metrics/metrics.ts';
import { parseClientMessage } from './client-message.ts';
import { createHeldFrames, type HeldFrames, type ItemKey } from './held-frames.ts';
import { admitMessage, createMessageRate, type MessageRate } from './message-rate.ts';
import { createReadWindow, type ReadWindow } from './read-window.ts';
import { closeGoingAway, resetConnection } from './socket-endings.ts';
import { createSocketsPerAddress } from './sockets-per-address.ts';

/** A frame serialized once, sent to many. */
export interface Frame {
  frame: string;
  bytes: number;
}

/** How topic owners reach the sockets: the gateway's side of a topic. */
export interface TopicOutput {
  /** Market data to a topic's subscribers; a socket that is behind gets it held, conflated. */
  publish<T>(topic: string, items: readonly T[], keyOf: (item: T) => ItemKey): void;
  /** A frame to the sockets subscribed to `topic` and logged in as `userId`. */
  toUser(topic: string, userId: number, frame: string): void;
  /**
   * Each logged-in subscriber of `topic` its own user's frame (built once per user), unless it
   * is the frame that socket last received on the topic.
   */
  toEachUser(topic: string, frameOf: (userId: number) => string | null): void;
}

/**
 * A domain's topics (market data, an account's orders, the support chat): the gateway owns
 * the sockets, their sessions and their pace, and knows no domain; the composition root
 * hands it the owners.
 */
export interface TopicOwner {
  /** Whether a socket may subscribe to `topic`. */
  accepts(topic: string): boolean;
  /** The frame a new subscriber starts with (the whole board), if the topic has one. */
  firstFrame?(topic: string): Frame | null;
  /** Every flush: what changed goes out through `out`. */
  flush?(out: TopicOutput): void;
  /** A socket logged in as `userId` (a private feed follows that account while it lives). */
  track?(userId: number): Promise<void>;
  /** That socket logged out or closed. */
  untrack?(userId: number): void;
  /** Starts listening (to the bus); returns how to stop. */
  start?(out: TopicOutput): () => void;
}

/** Who a socket is logged in as, while its session lives. */
export interface SocketSession {
  userId: number;
  tokenHash: string;
  expiresAt: number;
}

/** A session (or all of a user's, `tokenHash` null) that stopped being valid. */
export interface RevokedSession {
  userId: number;
  tokenHash: string | null;
}

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

interface Client {
  socket: WebSocket;
  topics: Set<string>;
  /** The session the socket logged in with: private topics are its user's, while it lives. */
  session: SocketSession | null;
  lastSeen: number;
  /** The last frame sent per private topic (toEachUser), so an unchanged one is not sent again. */
  lastPrivate: Map<string, string>;
  /** The connection under the socket, reset when the client is cut. */
  connection: Duplex;
  window: ReadWindow;
  /** Market data waiting for the client to catch up. */
  held: HeldFrames;
  /** What the client may still send (message-rate.ts); past it the socket is closed, 1008. */
  rate: MessageRate;
}

const MAX_TOPICS_PER_CLIENT = 64;
const MAX_MESSAGE_BYTES = 4096;

/** The topics counted by name; KLINE.{code} as one family, so that codes make no labels. */
const COUNTED_TOPICS: readonly string[] = [TOPICS.dayMarket, TOPICS.forexTrade, TOPICS.forexClosed];

/** A frame's topic family for `tradedesk_socket_frames_total`; replies (null) are "other". */
function topicFamily(topic: string | null): string {
  if (topic === null) return 'other';
  if (topic.startsWith(TOPICS.klinePrefix)) return 'KLINE';
  return COUNTED_TOPICS.includes(topic) ? topic : 'other';
}

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
  const subscribers = new Map<string, Set<Client>>();
  const metrics = options.metrics ?? processMetrics;
  const perAddress = createSocketsPerAddress({
    max: options.maxSocketsPerAddress,
    trustProxy: options.trustProxy,
  });

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
    app.log.warn({ unreadBytes: client.window.unreadBytes() }, why);
    resetConnection(client.socket, client.connection);
  }

  function reply(client: Client, message: object): void {
    send(client, null, JSON.stringify(message));
  }

  /** Market data to a topic's subscribers; for one that is behind it is held, conflated. */
  function publish<T>(topic: string, items: readonly T[], keyOf: (item: T) => ItemKey): void {
    const audience = subscribers.get(topic);
    if (!audience || audience.size === 0) return;
    const frame = JSON.stringify({ topic, data: items });
    const bytes = Buffer.byteLength(frame);
    for (const client of audience) {
      if (client.window.isBehind()) client.held.hold(topic, items, keyOf);
      else send(client, topic, frame, bytes);
    }
  }

  /** A client that caught up gets what was held for it, before this flush's news. */
  function catchUp(): void {
    for (const client of clients) {
      if (client.held.isEmpty() || client.window.isBehind()) continue;
      for (const [topic, data] of client.held.take())
        if (client.topics.has(topic)) send(client, topic, JSON.stringify({ topic, data }));
    }
  }

  function toUser(topic: string, userId: number, frame: string): void {
    for (const client of subscribers.get(topic) ?? [])
      if (client.session?.userId === userId) send(client, topic, frame);
  }

  function toEachUser(topic: string, frameOf: (userId: number) => string | null): void {
    const audience = subscribers.get(topic);
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

  function ownerOf(topic: string): TopicOwner | undefined {
    return topics.find((owner) => owner.accepts(topic));
  }

  function subscribe(client: Client, topic: string): boolean {
    if (!ownerOf(topic) || client.topics.size >= MAX_TOPICS_PER_CLIENT) return false;
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
    client.held.drop(topic);
  }

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
        if (!subscribe(client, message.topic))
          return reply(client, { type: 'error', code: 404, msg: `unknown topic ${message.topic}` });
        // Quotes start with the whole board: the client's snapshot may be older than this.
        const first = ownerOf(message.topic)?.firstFrame?.(message.topic);
        if (first) send(client, message.topic, first.frame, first.bytes);
        return;
      }
      case 'unsub':
        return unsubscribe(client, message.topic);
      case 'login': {
        const session = await resolveLogin(message.token);
        await setSession(client, session);
        return reply(client, { type: 'login_result', code: session ? 1 : 999 });
      }
      case 'logout':
        return setSession(client, null);
    }
  }

  /** Bumped by every revocation, so that a login whose check raced one checks again. */
  let revocations = 0;

  async function resolveLogin(token: string): Promise<SocketSession | null> {
    for (;;) {
      const seen = revocations;
      const session = await options.resolveSession(token);
      if (seen === revocations || !session) return session;
    }
  }

  async function track(userId: number): Promise<void> {
    for (const owner of topics) await owner.track?.(userId);
  }

  function untrack(userId: number): void {
    for (const owner of topics) owner.untrack?.(userId);
  }

  async function setSession(client: Client, session: SocketSession | null): Promise<void> {
    const previous = client.session;
    client.session = session;
    client.lastPrivate.clear();
    if (session) await track(session.userId);
    if (previous) untrack(previous.userId);
  }

  /** The socket's session ended (logout, password change, reset, expiry): nothing private after. */
  function endSession(client: Client): void {
    if (!client.session) return;
    void setSession(client, null);
    reply(client, { type: 'login_result', code: 999 });
  }

  function onRevoked(revoked: RevokedSession): void {
    revocations += 1;
    for (const client of clients) {
      const session = client.session;
      if (session?.userId !== revoked.userId) continue;
      if (revoked.tokenHash === null || revoked.tokenHash === session.tokenHash) endSession(client);
    }
  }

  function onConnection(socket: WebSocket, connection: Duplex): void {
    const client: Client = {
      socket,
      topics: new Set(),
      session: null,
      lastSeen: now(),
      lastPrivate: new Map(),
      connection,
      window: createReadWindow(socket, limits),
      held: createHeldFrames(),
      // Real time, not the app's clock (which tests freeze or move by hours).
      rate: createMessageRate(() => performance.now()),
    };
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
      for (const topic of client.topics) subscribers.get(topic)?.delete(client);
      if (client.session) untrack(client.session.userId);
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
    catchUp();
    for (const owner of topics) owner.flush?.(output);
  }

  /** Closes silent sockets, and ends sessions that expired while their socket stayed open. */
  function sweep(): void {
    const t = now();
    for (const client of clients) {
      if (client.session && client.session.expiresAt <= t) endSession(client);
      if (client.lastSeen < t - idleMs) client.socket.close(4000, 'idle');
    }
  }

  /** Probes every socket, and cuts those that left a probe unanswered: they are not reading. */
  function heartbeat(): void {
    for (const client of clients) if (!client.window.beat()) cut(client, 'socket not reading');
  }

  let flushTimer: NodeJS.Timeout | undefined;
  let stopEvents: (() => void)[] = [];
  let sweepTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  return {
    start(): void {
      app.server.on('upgrade', onUpgrade);
      stopEvents = [
        options.watchRevocations(onRevoked),
        ...topics.flatMap((owner) => (owner.start ? [owner.start(output)] : [])),
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
