import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../platform/rate-limit/private-redis.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process ends. */
  exited: Promise<number | string>;
  /** Waits until `/health` answers 200, at most `timeoutMs`; answers how long that took. */
  healthy(timeoutMs?: number): Promise<number>;
  /** SIGKILL if still running, and removes its data folder. */
  cleanup(): Promise<void>;
}

/**
 * The server as `npm start` runs it — `main.ts` in a process of its own, with its signals and
 * its exit — for tests of what only a whole process shows: shutdown, connections cut, disks
 * filling. Listens on 127.0.0.1 only, on a free port; the environment adds to a quiet default.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { waitHealthy?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'td-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: '12',
      SAMPLE_TRADERS: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    baseUrl,
    dataDir,
    output: () => text,
    exited,
    async healthy(timeoutMs = 60_000) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${text}`);
        try {
          const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
          if (response.status === 200) return Date.now() - started;
        } catch {
          // not listening yet, or the request timed out
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`not healthy within ${timeoutMs} ms:\n${text.slice(-4000)}`);
    },
    async cleanup() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.waitHealthy ?? true) await server.healthy();
  return server;
}

export type HttpAnswer = { status: number; code: number; data: unknown } | { error: string };

/**
 * One request on a connection of its own (no keep-alive pool to hide a reset): the status
 * and envelope, or how it failed (ECONNRESET, ECONNREFUSED, "not an envelope: …").
 */
export function request(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const outgoing = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent: false,
        headers: {
          lang: 'en',
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            const envelope = JSON.parse(text);
            resolve({ status: response.statusCode!, code: envelope.code, data: envelope.data });
          } catch {
            resolve({ error: `not an envelope (${response.statusCode}): ${text.slice(0, 80)}` });
          }
        });
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    outgoing.on('error', (error) =>
      resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    outgoing.end(payload);
  });
}

/** A new demo trader of the process: its session token. */
export async function demoTrader(baseUrl: string): Promise<string> {
  const answer = await request(
    baseUrl,
    'GET',
    `/api/user/createAccountDemoForU?demo_id=${randomUUID()}`,
  );
  if ('error' in answer || answer.code !== 1)
    throw new Error(`demo refused: ${JSON.stringify(answer)}`);
  return (answer.data as { token: string }).token;
}
