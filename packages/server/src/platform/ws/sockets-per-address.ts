import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The client address of an upgrade request, read as Fastify reads `request.ip` (so that the
 * rate limits and the socket cap see one client alike). Without TRUST_PROXY, the peer of the
 * connection. With it, the first X-Forwarded-For entry: Fastify's `trustProxy: true` trusts
 * every hop, and our HAProxy (deploy/haproxy.cfg) drops the client's own header and sets one
 * entry, the address it saw.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const peer = request.socket.remoteAddress ?? '';
  if (!trustProxy) return peer;
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',')[0];
  return first?.trim() || peer;
}

/**
 * How many sockets one client address may hold open on one gateway (MAX_SOCKETS_PER_ADDRESS).
 * Each socket costs the server its buffers, a heartbeat and a parse per message; without a cap
 * one client opens sockets until the process runs out of memory or file descriptors. Counted
 * per node: behind HAProxy's leastconn a client's sockets spread over the nodes.
 */
export function createSocketsPerAddress(options: { max: number; trustProxy: boolean }) {
  const open = new Map<string, number>();

  function release(address: string): void {
    const left = (open.get(address) ?? 1) - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
  }

  return {
    /**
     * Takes a place for the upgrade's address, held until the connection closes (the
     * handshake failing included); an address at the cap is answered 429 and disconnected.
     */
    admit(request: IncomingMessage, connection: Duplex): boolean {
      const address = clientAddress(request, options.trustProxy);
      const held = open.get(address) ?? 0;
      if (held >= options.max) {
        refuseUpgrade(connection);
        return false;
      }
      open.set(address, held + 1);
      connection.once('close', () => release(address));
      return true;
    },
    /** Sockets open from `address` now. */
    count: (address: string): number => open.get(address) ?? 0,
  };
}

export type SocketsPerAddress = ReturnType<typeof createSocketsPerAddress>;

const REFUSAL = 'too many sockets from this address';

/** Answers the upgrade with 429 instead of 101, before any WebSocket exists for it. */
function refuseUpgrade(connection: Duplex): void {
  connection.once('finish', () => connection.destroy());
  connection.once('error', () => connection.destroy());
  connection.end(
    'HTTP/1.1 429 Too Many Requests\r\n' +
      'Connection: close\r\n' +
      'Content-Type: text/plain\r\n' +
      `Content-Length: ${Buffer.byteLength(REFUSAL)}\r\n\r\n${REFUSAL}`,
  );
}
