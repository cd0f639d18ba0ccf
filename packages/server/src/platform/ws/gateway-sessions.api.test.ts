import type { AddressInfo } from 'node:net';
import { parseMicros } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  logInAs,
  registerByEmail,
  startEurusdApp,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';
import { connectSocket, type SocketClient } from '../../testing/ws-client.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTrade = (f: { topic?: string }) => f.topic === 'FOREX_TRADE';
const isEnded = (f: { type?: string; code?: number }) =>
  f.type === 'login_result' && f.code === 999;

// A socket's private pushes live only as long as the session it logged in with: a logout,
// a password change or a reset (on this node or another, through the bus) ends them within
// a second, and an expired session ends them at the next sweep.
describe('private pushes end with the session', () => {
  let t: TestApp;
  let quote: (bid: number, ask?: number) => void;
  let eurusd: number;
  let url: string;
  let bid = 108_500;
  const email = 'socket-owner@example.com';

  beforeEach(async () => {
    ({ t, quote, eurusd } = await startEurusdApp('sqlite'));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws`;
    await registerByEmail(t, email);
    const login = await t.call('POST', '/api/user/loginForU', {
      account: email,
      password: 'secret-pass',
    });
    const userId = login.data.user.id as number;
    // Funds, as a deposit will bring them (a real account starts empty).
    await t.core.execute(
      userId,
      {
        name: 'test-funds',
        run: async (ctx) => ctx.post([{ kind: 'demo-credit', amount: parseMicros('10000') }], null),
      },
      { create: true },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  /** A socket logged in with a session of its own, watching its user's FOREX_TRADE. */
  async function watcher(): Promise<{ client: SocketClient; token: string }> {
    const token = await logInAs(t, email);
    const client = await connectSocket(url);
    client.send({ type: 'login', token });
    await client.next((f) => f.type === 'login_result' && f.code === 1);
    client.send({ type: 'sub', topic: 'FOREX_TRADE' });
    return { client, token };
  }

  /** Moves the price so the open position's P&L changes and FOREX_TRADE has news. */
  async function move(): Promise<void> {
    bid += 3;
    t.clock.advance(1000);
    quote(bid);
    await pause(150);
  }

  async function openPosition(token: string): Promise<void> {
    const placed = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { cont: '0.1' }),
      { authorization: token },
    );
    expect(placed.code).toBe(1);
  }

  /** After its end-of-session frame a socket gets no FOREX_TRADE, however the market moves. */
  async function expectSilentAfterEnd(client: SocketClient): Promise<void> {
    const ended = await client.next(isEnded, 1000);
    for (let i = 0; i < 4; i++) await move();
    const after = client.frames.slice(client.frames.indexOf(ended) + 1);
    expect(after.filter(isTrade)).toEqual([]);
  }

  async function pushesLive(client: SocketClient): Promise<void> {
    const seen = client.frames.filter(isTrade).length;
    await move();
    await client.next(() => client.frames.filter(isTrade).length > seen, 1000);
  }

  it('ends on logout, for the socket of that session only', async () => {
    const one = await watcher();
    const other = await watcher();
    await openPosition(one.token);
    await pushesLive(one.client);
    await pushesLive(other.client);
    const out = await t.call('POST', '/api/user/logout', {}, { authorization: one.token });
    expect(out.code).toBe(1);
    await expectSilentAfterEnd(one.client);
    await pushesLive(other.client);
    // Logging in again with the revoked token is refused.
    one.client.send({ type: 'login', token: one.token });
    await pause(100);
    expect(one.client.frames.filter(isEnded)).toHaveLength(2);
  });

  it('ends on a password change, for every socket of the user', async () => {
    const one = await watcher();
    const other = await watcher();
    await openPosition(one.token);
    await pushesLive(other.client);
    const changed = await t.call(
      'POST',
      '/api/user/amend_password',
      { type: 1, auth_code: 'secret-pass', new_password: 'second-pass' },
      { authorization: one.token },
    );
    expect(changed.code).toBe(1);
    await expectSilentAfterEnd(one.client);
    await expectSilentAfterEnd(other.client);
  });

  it('ends on a password reset by code', async () => {
    const one = await watcher();
    await openPosition(one.token);
    await pushesLive(one.client);
    t.clock.advance(61_000); // a code per destination per minute: registration sent one
    await t.call('POST', '/api/notify/send_email', { to: email, type: 2 });
    const reset = await t.call('POST', '/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'new-pass-1',
      secondary_password: 'new-pass-1',
      auth_code: t.lastCode(email),
    });
    expect(reset.code).toBe(1);
    await expectSilentAfterEnd(one.client);
  });

  it('ends when the session expires while the socket stays open', async () => {
    const one = await watcher();
    await openPosition(one.token);
    await pushesLive(one.client);
    // The socket keeps pinging (so it is not idle) past its session's 30 days.
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    one.client.send({ type: 'ping' });
    await one.client.next((f) => f.type === 'pong');
    t.gateway!.sweep();
    await expectSilentAfterEnd(one.client);
  });
});
