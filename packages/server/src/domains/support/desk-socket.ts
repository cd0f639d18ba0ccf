import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WS_PATH } from '@tradedesk/contract';
import { ADMIN_ROUTES, ADMIN_WS_PATH, SUPPORT_DESK_TOPIC } from '@tradedesk/contract/admin';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Config } from '../../config.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import {
  admitMessage,
  createMessageRate,
  type MessageRate,
} from '../../platform/ws/message-rate.ts';
import { createSocketsPerAddress } from '../../platform/ws/sockets-per-address.ts';
import type { SupportMessageEvent } from './support-events.ts';

const MAX_MESSAGE_BYTES = 4096;
/** A desk socket that has not logged in by then is closed. */
const LOGIN_WITHIN_MS = 10_000;
/**
 * Logins a socket may fail before it is closed (1008). The back office sends one per
 * connection; each costs a session lookup in the database, so a socket that keeps trying is
 * not the back office.
 */
export const MAX_FAILED_LOGINS = 3;

interface DeskClient {
  socket: WebSocket;
  /** The operator session the socket logged in with; null until it has. */
  token: string | null;
  /** What the client may still send (the trader socket's rule); past it, closed 1008. */
  rate: MessageRate;
  /** Logins that failed, and those still being checked. */
  logins: { failed: number; checking: number };
}

/**
 * The support desk's live channel at /admin/ws: each new chat message (from any node, through
 * the bus) is announced to the logged-in operators who may read the inbox. Only ids travel,
 * never the text: the back office reloads through its authorized calls. The session and role
 * are checked again before every announcement, so a logged-out, disabled or demoted operator
 * hears nothing more.
 */
export function createDeskSocket(
  app: FastifyInstance,
  deps: {
    auth: AdminAuth;
    bus: Bus;
    config: Pick<Config, 'maxSocketsPerAddress' | 'trustProxy'>;
  },
) {
  const server = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_MESSAGE_BYTES,
  });
  const clients = new Set<DeskClient>();
  const access = ADMIN_ROUTES.supportInbox.access;
  const perAddress = createSocketsPerAddress({
    max: deps.config.maxSocketsPerAddress,
    trustProxy: deps.config.trustProxy,
  });

  async function mayListen(token: string | null): Promise<boolean> {
    try {
      await deps.auth.authorize(token, access);
      return true;
    } catch {
      return false;
    }
  }

  function reply(client: DeskClient, message: object): void {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  }

  async function onMessage(client: DeskClient, raw: string): Promise<void> {
    let message: { type?: unknown; token?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return reply(client, { type: 'error', code: 1000, msg: 'malformed message' });
    }
    if (message?.type === 'ping') return reply(client, { type: 'pong' });
    if (message?.type !== 'login' || typeof message.token !== 'string')
      return reply(client, { type: 'error', code: 1000, msg: 'malformed message' });
    return login(client, message.token);
  }

  /**
   * Logins still being checked count against the cap as if they failed: logins sent all at
   * once cannot slip past it while their lookups are in flight.
   */
  async function login(client: DeskClient, token: string): Promise<void> {
    const { logins } = client;
    if (logins.failed + logins.checking >= MAX_FAILED_LOGINS) return closeForLogins(client);
    logins.checking += 1;
    const allowed = await mayListen(token).finally(() => {
      logins.checking -= 1;
    });
    client.token = allowed ? token : null;
    reply(client, { type: 'login_result', code: allowed ? 1 : 999 });
    if (!allowed) logins.failed += 1;
    if (logins.failed >= MAX_FAILED_LOGINS) closeForLogins(client);
  }

  function closeForLogins(client: DeskClient): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    app.log.warn('desk socket failed too many logins, closing');
    client.socket.close(1008, 'too many failed logins');
  }

  function onConnection(socket: WebSocket): void {
    const client: DeskClient = {
      socket,
      token: null,
      // Real time, not the app's clock (which tests freeze or move by hours).
      rate: createMessageRate(() => performance.now()),
      logins: { failed: 0, checking: 0 },
    };
    clients.add(client);
    const loginTimer = setTimeout(() => {
      if (!client.token) socket.close(4001, 'login required');
    }, LOGIN_WITHIN_MS);
    socket.on('message', (data, isBinary) => {
      if (!admitMessage(socket, client.rate, app.log) || isBinary) return;
      onMessage(client, data.toString()).catch((error: unknown) => {
        app.log.error({ err: error }, 'desk socket message failed');
      });
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clearTimeout(loginTimer);
      clients.delete(client);
    });
  }

  async function onChatMessage(event: SupportMessageEvent): Promise<void> {
    const frame = JSON.stringify({
      topic: SUPPORT_DESK_TOPIC,
      data: { user_id: event.userId, id: event.message.id, sender: event.message.sender },
    });
    await Promise.all(
      [...clients].map(async (client) => {
        if (!client.token) return;
        if (!(await mayListen(client.token))) {
          client.token = null;
          reply(client, { type: 'login_result', code: 999 });
          return;
        }
        if (client.socket.readyState === client.socket.OPEN) client.socket.send(frame);
      }),
    );
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    if (path === ADMIN_WS_PATH) {
      if (!perAddress.admit(request, socket)) return;
      server.handleUpgrade(request, socket, head, onConnection);
      return;
    }
    // The trader's socket is the gateway's; where no gateway runs, nothing else upgrades.
    if (path !== WS_PATH || app.server.listenerCount('upgrade') === 1) socket.destroy();
  }

  let stopEvents: (() => void) | undefined;
  return {
    start(): void {
      app.server.on('upgrade', onUpgrade);
      stopEvents = deps.bus.subscribe('support.message', onChatMessage);
    },
    async stop(): Promise<void> {
      stopEvents?.();
      app.server.off('upgrade', onUpgrade);
      for (const client of clients) client.socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
