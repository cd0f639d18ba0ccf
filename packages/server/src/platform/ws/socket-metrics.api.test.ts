import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  demoUser,
  listenForSockets,
  startEurusdApp,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';
import { connectSocket } from '../../testing/ws-client.ts';
import { metrics } from '../metrics/metrics.ts';

/** The label values the frames counter may take: never an instrument's code. */
const FAMILIES = ['DAY_MARKET', 'KLINE', 'FOREX_TRADE', 'FOREX_CLOSED', 'other'];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's socket metrics: open sockets, and frames sent per topic family. */
async function socketCounts() {
  const clients = (await metrics.socketClients.get()).values[0]?.value ?? 0;
  const frames = Object.fromEntries(
    (await metrics.socketFrames.get()).values.map((v) => [String(v.labels.topic), v.value]),
  );
  return { clients, frames };
}

/** Polls until `check` holds: the gateway learns of a close after the client sent it. */
async function until(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await pause(20);
  }
}

// The gateway counts its sockets and the frames it sends, by topic family: KLINE.{code} is
// one family, so that a hundred instruments do not make a hundred label values.
describe('socket metrics', () => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;
  let url: string;

  beforeEach(async () => {
    ({ t, eurusd, quote } = await startEurusdApp('sqlite'));
    url = await listenForSockets(t);
  });
  afterEach(async () => {
    await t.close();
  });

  it('counts open sockets up and down', async () => {
    const before = (await socketCounts()).clients;
    const first = await connectSocket(url);
    const second = await connectSocket(url);
    await until(async () => (await socketCounts()).clients === before + 2);
    first.socket.close();
    await first.closed;
    await until(async () => (await socketCounts()).clients === before + 1);
    second.socket.terminate();
    await until(async () => (await socketCounts()).clients === before);
  });

  it('counts the frames sent by topic family, whatever the instrument', async () => {
    const { token } = await demoUser(t, 'socket-metrics');
    const before = (await socketCounts()).frames;
    const client = await connectSocket(url);
    client.send({ type: 'login', token });
    await client.next((f) => f.type === 'login_result' && f.code === 1);
    for (const topic of ['DAY_MARKET', 'KLINE.EURUSD', 'FOREX_TRADE', 'FOREX_CLOSED'])
      client.send({ type: 'sub', topic });
    await client.next((f) => f.topic === 'DAY_MARKET');
    const as = { authorization: token };
    const bought = await t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd), as);
    await client.next((f) => f.topic === 'FOREX_TRADE' && f.data.orders.length === 1);
    quote(108_560);
    await client.next((f) => f.topic?.startsWith('KLINE.'));
    await t.call('POST', '/v1/api/forex/close', { id: bought.data.Id }, as);
    await client.next((f) => f.topic === 'FOREX_CLOSED');
    client.send({ type: 'ping' });
    await client.next((f) => f.type === 'pong');
    client.socket.close();
    await client.closed;

    // Every frame the client received was counted once, in its family.
    const sent = (await socketCounts()).frames;
    const grew = (family: string) => (sent[family] ?? 0) - (before[family] ?? 0);
    const received = (test: (frame: { topic?: string }) => boolean) =>
      client.frames.filter(test).length;
    expect(grew('DAY_MARKET')).toBe(received((f) => f.topic === 'DAY_MARKET'));
    expect(grew('KLINE')).toBe(received((f) => f.topic?.startsWith('KLINE.') === true));
    expect(grew('FOREX_TRADE')).toBe(received((f) => f.topic === 'FOREX_TRADE'));
    expect(grew('FOREX_CLOSED')).toBe(1);
    // login_result and pong: replies, in no topic.
    expect(grew('other')).toBe(received((f) => f.topic === undefined));
    expect(grew('KLINE')).toBeGreaterThan(0);
    for (const family of Object.keys(sent)) expect(FAMILIES).toContain(family);
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toMatch(/^tradedesk_socket_frames_total\{topic="FOREX_CLOSED"\} [1-9]/m);
    expect(body).toContain('# TYPE tradedesk_socket_clients gauge');
  });
});
