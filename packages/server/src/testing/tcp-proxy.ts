import net from 'node:net';
import { freePort } from '../platform/rate-limit/private-redis.ts';

export interface TcpProxy {
  port: number;
  /** Starts accepting and forwarding (again), on the same port. */
  up(): Promise<void>;
  /** Stops accepting and cuts every connection, as a database restart or a failover does. */
  down(): Promise<void>;
}

/**
 * A TCP proxy in front of a real server (PostgreSQL, for tests), that a test takes down and
 * brings back on the same port: connection refused while down, every open connection reset.
 * It starts down. Only for tests.
 */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();

  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  function forward(client: net.Socket): void {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  return {
    port,
    async up() {
      if (server) return;
      const listening = net.createServer(forward);
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      server = listening;
    },
    async down() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
  };
}
