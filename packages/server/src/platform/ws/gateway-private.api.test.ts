import type { AddressInfo } from 'node:net';
import { asLots, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoUser, startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import { connectSocket } from '../../testing/ws-client.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// FOREX_TRADE is computed every flush but sent only when it differs from what the socket
// last received: a quiet market costs a phone nothing.
describe('FOREX_TRADE only when it changed', () => {
  let t: TestApp;
  let quote: (bid: number, ask?: number) => void;
  let eurusd: number;
  let url: string;

  beforeEach(async () => {
    ({ t, quote, eurusd } = await startEurusdApp('sqlite'));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws`;
  });
  afterEach(async () => {
    await t.close();
  });

  it('sends nothing while nothing moves, and the new figures once it does', async () => {
    const { user, token } = await demoUser(t, 'quiet-market-1');
    const client = await connectSocket(url);
    client.send({ type: 'login', token });
    await client.next((f) => f.type === 'login_result' && f.code === 1);
    client.send({ type: 'sub', topic: 'FOREX_TRADE' });
    await t.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });
    const trades = () => client.frames.filter((f) => f.topic === 'FOREX_TRADE');
    await client.next((f) => f.topic === 'FOREX_TRADE' && f.data.orders.length === 1);
    await pause(150);
    const settled = trades().length;
    for (let i = 0; i < 10; i++) t.gateway!.flush();
    await pause(300);
    expect(trades()).toHaveLength(settled);

    quote(108_560);
    const moved = await client.next(
      (f) => f.topic === 'FOREX_TRADE' && f.data.orders[0]?.FactProfits === 52,
    );
    expect(moved.data.summary.all_fact_profits).toBe(52);
    await pause(300);
    expect(trades()).toHaveLength(settled + 1);
  });
});
