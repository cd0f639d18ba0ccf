import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';

/**
 * A redis-server of a test's own, on a port of its own, that the test may kill, pause and
 * start again: the shared test Redis (testing/redis.ts) must never go away under other tests.
 * Only for tests.
 */
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

const installed = spawnSync(REDIS_SERVER, ['--version']).status === 0;
if (!installed) {
  if (process.env.CI === 'true')
    throw new Error(`${REDIS_SERVER} is required when CI=true (Debian package redis-server)`);
  console.warn(
    `${REDIS_SERVER} is not installed: the tests of Redis outages are skipped on this machine.`,
  );
}

/** Whether the tests that run their own redis-server skip on this machine. */
export const skipPrivateRedis = !installed;

/** Ports this process handed out: the kernel may hand the same free port out twice in a row. */
const handedOut = new Set<number>();

/**
 * A loopback port nothing listens on now, never one this process handed out before: a
 * caller that binds later (a proxy started down, a server process) must not get the port of
 * another that has not bound yet (a CI run saw a server and a database proxy share one).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** Starts redis-server (again), resolving once it accepts connections. */
  start(): Promise<void>;
  /** Kills it with SIGKILL, as a crash or an OOM kill would: no goodbye to any client. */
  kill(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as in a hang. */
  pause(): void;
  resume(): void;
}

export function privateRedis(port: number): PrivateRedis {
  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) throw new Error('redis-server is already running');
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly'];
      const started = spawn(REDIS_SERVER, [...args, 'no', '--dir', os.tmpdir()], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      await new Promise<void>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`redis-server: ${output}`)), 10_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        };
        // Both pipes are read to the end, so that a full one never blocks the server.
        started.stdout?.on('data', read);
        started.stderr?.on('data', read);
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`redis-server exited (${code}): ${output}`));
        });
      });
    },
    async kill() {
      const running = child;
      if (!running) return;
      child = undefined;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
}
