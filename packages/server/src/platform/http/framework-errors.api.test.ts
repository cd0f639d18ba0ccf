import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuildOptions, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { createTestStore } from '../../testing/dialects.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { connectSocket } from '../../testing/ws-client.ts';
import { redactUrl } from './framework-errors.ts';

/** A whole app on SQLite listening on 127.0.0.1 at a free port, with the options given. */
async function listen(options: Omit<BuildOptions, 'config'> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-edge-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '10',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SAMPLE_TRADERS: 'false',
  });
  const store = await createTestStore('sqlite');
  const { app } = withHandles(
    await buildApp({ config, store, logger: false, market: 'off', ...options }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as net.AddressInfo;
  return {
    app,
    port,
    config,
    async close() {
      await app.close();
      await store.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends raw bytes on a new connection and reads until the server closes it. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

/** A raw HTTP/1.1 response (read as latin1): status, lower-cased headers, body bytes and JSON. */
function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    bodyBytes: body.length,
    body: JSON.parse(Buffer.from(body, 'latin1').toString('utf8')),
  };
}

describe('framework refusals answer in the envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a URL that does not decode with BAD_REQUEST on url', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%c0%ae', headers: { lang: 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 1000, msg: 'Invalid request: url', data: null });
  });

  // This error reaches the central error handler, which answers it through
  // answerFrameworkError (error-handler.ts, `statusCode < 500` branch).
  it('answers a body over the 1 MiB limit with REQUEST_TOO_LARGE and 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/json', lang: 'en' },
      payload: JSON.stringify({ account: 'a@example.com', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 1028, msg: 'The request is too large', data: null });
  });
});

describe("Node's own refusals, on a listening server", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a 60 KB URL (over the header limit) with a complete 431 envelope and closes', async () => {
    const raw = await rawExchange(
      server.port,
      `GET /health?pad=${'a'.repeat(60_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const response = parseResponse(raw);
    expect(response.status).toBe(431);
    expect(response.headers.connection).toBe('close');
    expect(response.headers['content-type']).toContain('application/json');
    expect(Number(response.headers['content-length'])).toBe(response.bodyBytes);
    expect(response.body).toMatchObject({ code: 1028, data: null });
  });

  it('answers a broken request line with BAD_REQUEST and 400', async () => {
    const response = parseResponse(await rawExchange(server.port, 'HELLO THERE\r\n\r\n'));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 1000, data: null });
  });
});

describe('slow clients (slowloris)', () => {
  const limits = {
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 200,
    idleTimeoutMs: 400,
    timeoutCheckMs: 50,
  };
  let server: Awaited<ReturnType<typeof listen>>;
  const sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server?.close();
  });

  /** A client that sends its request one byte every 50 ms; resolves with what it got back. */
  function dribble(port: number) {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    const request = `GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(200)}\r\n\r\n`;
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < request.length) socket.write(request[sent++]!);
    }, 50);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const openedAt = Date.now();
    return new Promise<{ received: string; openMs: number }>((resolve) =>
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ received, openMs: Date.now() - openedAt });
      }),
    );
  }

  it('closes sockets that send their headers too slowly, while a normal request is answered', async () => {
    server = await listen({ limits });
    const slow = Array.from({ length: 50 }, () => dribble(server.port));
    const silent = new Promise<number>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      sockets.push(socket);
      const openedAt = Date.now();
      // Reading, or the end the server sends would never be seen.
      socket.resume();
      socket.on('close', () => resolve(Date.now() - openedAt));
    });
    const health = await fetch(`http://127.0.0.1:${server.port}/health`);
    expect(await health.json()).toMatchObject({ code: 1 });

    const closed = await Promise.all(slow);
    for (const { received, openMs } of closed) {
      // Well before the request would have been complete (~11 s at this pace).
      expect(openMs).toBeLessThan(2_000);
      expect(parseResponse(received)).toMatchObject({ status: 408, body: { code: 1000 } });
    }
    expect(await silent).toBeLessThan(2_000);
  });

  it('refuses connections over the cap and serves again when they are gone', async () => {
    server = await listen({ limits: { maxConnections: 2 } });
    for (let i = 0; i < 2; i++) {
      const socket = net.connect(server.port, '127.0.0.1');
      sockets.push(socket);
      await new Promise((resolve) => socket.on('connect', resolve));
    }
    await expect
      .poll(() => new Promise((r) => server.app.server.getConnections((_e, n) => r(n))))
      .toBe(2);
    expect(await rawExchange(server.port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n')).toBe('');
    for (const socket of sockets.splice(0)) socket.destroy();
    await expect
      .poll(() => new Promise((r) => server.app.server.getConnections((_e, n) => r(n))))
      .toBe(0);
    const health = await fetch(`http://127.0.0.1:${server.port}/health`);
    expect(health.status).toBe(200);
  });

  it('leaves an upgraded WebSocket open past every timeout', async () => {
    server = await listen({ limits, market: { feed: createScriptedFeed() } });
    const client = await connectSocket(`ws://127.0.0.1:${server.port}/v1/ws`);
    let closed = false;
    void client.closed.then(() => {
      closed = true;
    });
    // Past headers, request, idle and keep-alive timeouts, with the checker running meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(closed).toBe(false);
    client.send({ type: 'ping' });
    expect(await client.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    client.socket.close();
  });
});

describe('what the log shows', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await listen({ logger: { level: 'info' }, logStream });
  });
  afterAll(async () => {
    await server.close();
  });

  it('never prints a verification code or a password, sent in a body or a query string', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const to = 'logged@example.com';
    const sent = await fetch(`${base}/api/notify/send_email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ to, type: 1 }),
    });
    expect(await sent.json()).toMatchObject({ code: 1 });
    const outbox = fs.readFileSync(server.config.outboxPath, 'utf8').trim().split('\n');
    const { code } = JSON.parse(outbox.at(-1)!);
    expect(code).toMatch(/^\d{6}$/);

    const password = 'Hunter2-Secret';
    const query = new URLSearchParams({
      type: 'email',
      account: to,
      password,
      re_password: password,
      sms_code: code,
    });
    await fetch(`${base}/api/user/register?${query}`, { method: 'POST', headers: { lang: 'en' } });
    server.app.log.info({ body: { password, code, auth_code: code } }, 'a body, logged');

    const log = lines.join('');
    expect(log).toContain('verification code written to outbox');
    expect(log).toContain(to);
    expect(log).toContain('/api/user/register?type=email');
    expect(log).toContain('[Redacted]');
    expect(log).not.toContain(code);
    expect(log).not.toContain(password);
  });

  it('redacts the secret parameters of a URL, whatever their spelling', () => {
    expect(redactUrl('/a?account=x&password=p&Sms%5Fcode=1&t=5')).toBe(
      '/a?account=x&password=[Redacted]&Sms%5Fcode=[Redacted]&t=5',
    );
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?code')).toBe('/a?code=[Redacted]');
    expect(redactUrl('/a?%zz=1')).toBe('/a?%zz=1');
  });
});
