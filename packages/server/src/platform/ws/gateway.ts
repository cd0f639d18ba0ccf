import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ChatPush,
  type ForexClosedPush,
  type ForexTradePush,
  PRIVATE_TOPICS,
  TOPICS,
  WS_PATH,
} from '@tradedesk/contract';
import { ADMIN_WS_PATH } from '@tradedesk/contract/admin';
import { microsToNumber, ZERO_MICROS } from '@tradedesk/engine';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { MarketService } from '../../domains/market/market.service.ts';
import type { SupportMessageEvent } from '../../domains/support/support-events.ts';
import {
  type AccountView,
  type AccountViews,
  createAccountViews,
} from '../../domains/trading/account-views.ts';
import { toWireOrder } from '../../domains/trading/order-wire.ts';
import type { LiveSession, SessionRevoked } from '../../domains/users/sessions.service.ts';
import type { Bus } from '../bus/bus.ts';
import type { AccountCommit } from '../core/account-commit.ts';
import { createBoardSnapshot } from './board-snapshot.ts';
import { parseClientMessage } from './client-message.ts';
import { createHeldFrames, type HeldFrames, type ItemKey } from './held-frames.ts';
import { createMessageRate, type MessageRate } from './message-rate.ts';
import { createReadWindow, type ReadWindow } from './read-window.ts';
import { closeGoingAway, resetConnection } from './socket-endings.ts';

/** What the private topics are made of: an account's view and its live figures. */
export interface PrivateFeed {
  /** One account's view from the database (at login; later commits come from the bus). */
  load(accountId: number): Promise<AccountView>;
  /** FOREX_TRADE's figures of a view at the current quotes. */
  push(view: AccountView): Omit<ForexTradePush, 'changed'>;
}

export interface GatewayOptions {
  market: MarketService;
  bus: Bus;
  trading?: PrivateFeed;
  resolveSession: (token: string | null) => Promise<LiveSession | null>;
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
}

interface Client {
  socket: WebSocket;
  topics: Set<string>;
  /** The session the socket logged in with: private topics are its user's, while it lives. */
  session: { userId: number; tokenHash: string; expiresAt: number } | null;
  lastSeen: number;
  /** The last FOREX_TRADE frame sent, so an unchanged one is not sent again. */
  lastTrade: string | null;
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
  const { market, now } = options;
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
  const boardSnapshot = createBoardSnapshot(market);

  function send(client: Client, frame: string, bytes = Buffer.byteLength(frame)): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.window.isOverLimit()) {
      cut(client, 'socket too slow, disconnecting');
      return;
    }
    client.socket.send(frame);
    client.window.sent(bytes);
  }

  /** A client that does not read is reset, not closed (socket-endings.ts). */
  function cut(client: Client, why: string): void {
    app.log.warn({ unreadBytes: client.window.unreadBytes() }, why);
    resetConnection(client.socket, client.connection);
  }

  function reply(client: Client, message: object): void {
    send(client, JSON.stringify(message));
  }

  /** Market data to a topic's subscribers; for one that is behind it is held, conflated. */
  function publish<T>(topic: string, items: readonly T[], keyOf: (item: T) => ItemKey): void {
    const audience = subscribers.get(topic);
    if (!audience || audience.size === 0) return;
    const frame = JSON.stringify({ topic, data: items });
    const bytes = Buffer.byteLength(frame);
    for (const client of audience) {
      if (client.window.isBehind()) client.held.hold(topic, items, keyOf);
      else send(client, frame, bytes);
    }
  }

  /** A client that caught up gets what was held for it, before this flush's news. */
  function catchUp(): void {
    for (const client of clients) {
      if (client.held.isEmpty() || client.window.isBehind()) continue;
      for (const [topic, data] of client.held.take())
        if (client.topics.has(topic)) send(client, JSON.stringify({ topic, data }));
    }
  }

  function subscribe(client: Client, topic: string): boolean {
    const known =
      topic === TOPICS.dayMarket ||
      // Private like FOREX_TRADE, but needs no trading: pushed only to the session's user.
      topic === TOPICS.chat ||
      (options.trading !== undefined && PRIVATE_TOPICS.includes(topic)) ||
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
        const board = message.topic === TOPICS.dayMarket && boardSnapshot.current();
        if (board) send(client, board.frame, board.bytes);
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

  async function resolveLogin(token: string): Promise<LiveSession | null> {
    for (;;) {
      const seen = revocations;
      const session = await options.resolveSession(token);
      if (seen === revocations || !session) return session;
    }
  }

  /** Views of the accounts of logged-in sockets, kept from the bus (scope: tracked). */
  const views: AccountViews | undefined =
    options.trading && createAccountViews({ load: options.trading.load, scope: 'tracked' });

  async function setSession(client: Client, session: LiveSession | null): Promise<void> {
    const previous = client.session;
    client.session = session && {
      userId: session.user.id,
      tokenHash: session.tokenHash,
      expiresAt: session.expiresAt,
    };
    client.lastTrade = null;
    if (session) await views?.track(session.user.id);
    if (previous) views?.untrack(previous.userId);
  }

  /** The socket's session ended (logout, password change, reset, expiry): nothing private after. */
  function endSession(client: Client): void {
    if (!client.session) return;
    void setSession(client, null);
    reply(client, { type: 'login_result', code: 999 });
  }

  function onRevoked(revoked: SessionRevoked): void {
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
      lastTrade: null,
      connection,
      window: createReadWindow(socket, limits),
      held: createHeldFrames(),
      // Real time, not the app's clock (which tests freeze or move by hours).
      rate: createMessageRate(() => performance.now()),
    };
    clients.add(client);
    socket.on('message', (data, isBinary) => {
      // Closing: what a flooding client still sends before its close reply is dropped.
      if (socket.readyState !== socket.OPEN) return;
      if (!client.rate.take()) {
        app.log.warn('socket past its message rate, closing');
        return socket.close(1008, 'message rate exceeded');
      }
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
      if (client.session) views?.untrack(client.session.userId);
    });
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WS_PATH) {
      // The support desk's socket has its own handler (domains/support/desk-socket.ts).
      if (path !== ADMIN_WS_PATH) socket.destroy();
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => onConnection(ws, socket));
  }

  function flush(): void {
    catchUp();
    const quotes = market.publishQuotes();
    if (quotes.length > 0) publish(TOPICS.dayMarket, quotes, (quote) => quote.Id);
    for (const [code, candles] of market.publishCandles())
      publish(`${TOPICS.klinePrefix}${code}`, candles, (c) => `${c.period}:${c.Time}`);
    flushPrivate();
  }

  /** Orders that entered or left a list since the last FOREX_TRADE push, per user. */
  const changed = new Map<number, number[]>();

  /**
   * FOREX_TRADE to each logged-in subscriber: its own user's figures, computed once per user
   * per flush and sent only when they differ from what that socket last received.
   */
  function flushPrivate(): void {
    const trading = options.trading;
    const audience = subscribers.get(TOPICS.forexTrade);
    // Taken whole each flush: changes of users with no socket listening are dropped.
    const changes = new Map(changed);
    changed.clear();
    if (!trading || !views || !audience || audience.size === 0) return;
    const frames = new Map<number, string | null>();
    for (const client of audience) {
      const userId = client.session?.userId;
      if (userId === undefined) continue;
      if (!frames.has(userId)) {
        const view = views.get(userId);
        const data: ForexTradePush | null = view
          ? { ...trading.push(view), changed: changes.get(userId) ?? [] }
          : null;
        frames.set(userId, data && JSON.stringify({ topic: TOPICS.forexTrade, data }));
      }
      const frame = frames.get(userId);
      if (frame && frame !== client.lastTrade) {
        client.lastTrade = frame;
        send(client, frame);
      }
    }
  }

  /** A committed command of a logged-in user: the view moves on, order events go out. */
  async function onCommit(commit: AccountCommit): Promise<void> {
    if (!views || !(await views.apply(commit))) return;
    for (const event of commit.events) {
      if (event.type !== 'order') continue;
      const { order } = event;
      if (event.change !== 'stops') {
        const ids = changed.get(order.userId) ?? [];
        ids.push(order.id);
        changed.set(order.userId, ids);
      }
      if (event.change !== 'closed') continue;
      const wire = toWireOrder(order, market);
      const data: ForexClosedPush = {
        Id: order.id,
        CloseReason: order.closeReason ?? 'manual',
        FactProfits: microsToNumber(order.pnl ?? ZERO_MICROS),
        // Enough for the trader's notice of the close (a toast) without asking my_deal.
        Code: wire.ForexTradeLists.Code,
        PricePrecision: wire.ForexTradeLists.PricePrecision,
        OrderType: wire.OrderType,
        Quantity: wire.Quantity,
        ClosePrice: wire.ClosePrice,
        CloseTime: order.closedAt ?? now(),
      };
      const frame = JSON.stringify({ topic: TOPICS.forexClosed, data });
      for (const client of subscribers.get(TOPICS.forexClosed) ?? [])
        if (client.session?.userId === order.userId) send(client, frame);
    }
  }

  /**
   * A message of a trader's support chat, stored on this node or another (the bus): CHAT to
   * that trader's logged-in sockets only.
   */
  function onChatMessage(event: SupportMessageEvent): void {
    const audience = subscribers.get(TOPICS.chat);
    if (!audience || audience.size === 0) return;
    const data: ChatPush = { message: event.message, unread: event.traderUnread };
    const frame = JSON.stringify({ topic: TOPICS.chat, data });
    for (const client of audience) if (client.session?.userId === event.userId) send(client, frame);
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
        options.bus.subscribe('account.committed', onCommit),
        options.bus.subscribe('session.revoked', onRevoked),
        options.bus.subscribe('support.message', onChatMessage),
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
    /** How many times the board snapshot was serialized (tests: once per change, not per sub). */
    boardSerializations: boardSnapshot.serializations,
  };
}

export type Gateway = ReturnType<typeof createGateway>;
