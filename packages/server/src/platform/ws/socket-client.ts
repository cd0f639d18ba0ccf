import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { createHeldFrames, type HeldFrames } from './held-frames.ts';
import { createMessageRate, type MessageRate } from './message-rate.ts';
import { createReadWindow, type ReadWindow, type ReadWindowLimits } from './read-window.ts';
import type { SocketSession } from './topic-owner.ts';

/** One socket of /v1/ws and what the gateway keeps of it. */
export interface Client {
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

/** A socket just connected: no topics, no session. */
export function createClient(
  socket: WebSocket,
  connection: Duplex,
  limits: ReadWindowLimits,
  now: number,
): Client {
  return {
    socket,
    topics: new Set(),
    session: null,
    lastSeen: now,
    lastPrivate: new Map(),
    connection,
    window: createReadWindow(socket, limits),
    held: createHeldFrames(),
    // Real time, not the app's clock (which tests freeze or move by hours).
    rate: createMessageRate(() => performance.now()),
  };
}
