import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Closes every socket with 1001 "going away", which tells a client to reconnect (to another
 * node) rather than report an error; one that does not answer the close within `withinMs`
 * is cut.
 */
export async function closeGoingAway(sockets: readonly WebSocket[], withinMs = 1_000) {
  await Promise.race([
    Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once('close', () => resolve());
            socket.close(1001, 'going away');
          }),
      ),
    ),
    new Promise<void>((resolve) => setTimeout(resolve, withinMs).unref()),
  ]);
  for (const socket of sockets) socket.terminate();
}

/**
 * Cuts a client that does not read: a close frame would wait behind all it has not read, and
 * the kernel would keep trying to deliver it; resetting the connection frees its buffers at once.
 */
export function resetConnection(socket: WebSocket, connection: Duplex): void {
  try {
    if (connection instanceof Socket) connection.resetAndDestroy();
  } catch {
    // Not a TCP handle (TLS): terminate below destroys it.
  }
  socket.terminate();
}
