import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { clientAddress } from './sockets-per-address.ts';

const CAP = 3;

/** Opens a socket as the client at `address` (behind the proxy): the socket, or the refusal. */
function open(base: string, path: string, address: string) {
  const socket = new WebSocket(`${base}${path}`, { headers: { 'x-forwarded-for': address } });
  return new Promise<{ socket: WebSocket } | { status: number }>((resolve, reject) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      response.resume();
    });
    socket.once('error', reject);
  });
}

// Issue 36 item 10: one client could open sockets without bound on either socket path. Each
// path of a node admits MAX_SOCKETS_PER_ADDRESS per client address, behind the proxy the
// forwarded one (a cluster behind HAProxy sees every client from HAProxy's address).
describe('sockets per client address, behind a trusted proxy', () => {
  let t: TestApp;
  let base: string;
  const opened: WebSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      'sqlite',
      { MAX_SOCKETS_PER_ADDRESS: String(CAP), TRUST_PROXY: 'true' },
      { feed: createScriptedFeed() },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of opened) socket.terminate();
    await t.close();
  });

  async function openAll(path: string, address: string, count: number) {
    const results = [];
    for (let i = 0; i < count; i++) {
      const result = await open(base, path, address);
      if ('socket' in result) opened.push(result.socket);
      results.push(result);
    }
    return results;
  }

  it.each(['/v1/ws', '/admin/ws'])('refuses the socket past the cap on %s', async (path) => {
    const client = path === '/v1/ws' ? '203.0.113.10' : '203.0.113.20';
    const first = await openAll(path, client, CAP + 2);
    expect(first.map((r) => ('status' in r ? r.status : 'open'))).toEqual([
      ...Array(CAP).fill('open'),
      429,
      429,
    ]);
    // Another client behind the same proxy is not counted with it.
    const other = await openAll(path, '198.51.100.7', 1);
    expect('socket' in other[0]!).toBe(true);
    // A socket closed gives its place back.
    const held = first[0] as { socket: WebSocket };
    held.socket.close();
    await vi.waitFor(async () => {
      const again = await openAll(path, client, 1);
      expect('socket' in again[0]!).toBe(true);
    });
    const past = await openAll(path, client, 1);
    expect(past.map((r) => ('status' in r ? r.status : 'open'))).toEqual([429]);
  });
});

describe('the client address of a socket upgrade', () => {
  const cases: { peer: string; forwarded?: string }[] = [
    { peer: '10.0.0.5' },
    { peer: '10.0.0.5', forwarded: '203.0.113.9' },
    { peer: '10.0.0.5', forwarded: '203.0.113.9, 10.0.0.4' },
    { peer: '10.0.0.5', forwarded: ' 2001:db8::1 ,10.0.0.4' },
  ];

  it.each([true, false])(
    'is what the HTTP routes read as request.ip (trustProxy %s)',
    async (trustProxy) => {
      const app = Fastify({ trustProxy });
      app.get('/ip', (request) => ({ ip: request.ip }));
      try {
        for (const { peer, forwarded } of cases) {
          const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
          const answer = await app.inject({ url: '/ip', remoteAddress: peer, headers });
          const request = {
            socket: { remoteAddress: peer },
            headers,
          } as unknown as IncomingMessage;
          expect(clientAddress(request, trustProxy)).toBe(answer.json().ip);
        }
      } finally {
        await app.close();
      }
    },
  );
});
