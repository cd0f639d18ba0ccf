import type { Counter } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { metrics } from '../../platform/metrics/metrics.ts';
import { demoUser, startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';

/** A counter's values by its one label's value, as this process's registry holds them. */
async function byLabel<L extends string>(counter: Counter<L>, label: L) {
  const values = (await counter.get()).values;
  return Object.fromEntries(values.map((v) => [String(v.labels[label]), v.value] as const));
}

async function counts() {
  return {
    orders: await byLabel(metrics.orders, 'kind'),
    refusals: await byLabel(metrics.orderRefusals, 'code'),
  };
}

/** What grew between two readings, label by label (labels that did not grow left out). */
function growth(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([label, value]) => [label, value - (before[label] ?? 0)] as const)
      .filter(([, grew]) => grew !== 0),
  );
}

// The order calls over HTTP, as the client makes them, counted in the process's metrics the
// app serves at /metrics. The test clock: Monday 07:00 New York — forex open.
describe('order metrics', () => {
  let t: TestApp;
  let eurusd: number;

  beforeEach(async () => {
    ({ t, eurusd } = await startEurusdApp('sqlite'));
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (token: string, path: string, params: Record<string, unknown>) =>
    t.call('POST', `/v1/api/forex/${path}`, params, { authorization: token });

  it('counts each accepted command by kind', async () => {
    const { token } = await demoUser(t, 'metrics-accepted');
    const before = await counts();

    const bought = await post(token, 'submit', submitPayload(eurusd));
    expect(bought.code).toBe(1);
    const stops = { id: bought.data.Id, target_profit_price: '1.09', stop_loss_price: '1.08' };
    expect((await post(token, 'set_stop_price', stops)).code).toBe(1);
    expect((await post(token, 'close', { id: bought.data.Id })).code).toBe(1);
    const pending = await post(
      token,
      'submit',
      submitPayload(eurusd, { status: 0, target_price: '1.08' }),
    );
    expect(pending.code).toBe(1);
    expect((await post(token, 'cancel_trade', { id: pending.data.Id })).code).toBe(1);

    const after = await counts();
    expect(growth(before.orders, after.orders)).toEqual({
      market: 1,
      pending: 1,
      stops: 1,
      close: 1,
      cancel: 1,
    });
    expect(growth(before.refusals, after.refusals)).toEqual({});
  });

  it('counts each refused command by its result, and not as an order', async () => {
    const { token } = await demoUser(t, 'metrics-refused');
    const before = await counts();

    // Past EURUSD's largest order, refused by the service's rules.
    const huge = submitPayload(eurusd, { cont: '1000' });
    expect((await post(token, 'submit', huge)).code).toBe(2003);
    expect((await post(token, 'submit', huge)).code).toBe(2003);
    expect((await post(token, 'close', { id: 987_654 })).code).toBe(2011);
    const noPrice = submitPayload(eurusd, { status: 0, target_price: '' });
    expect((await post(token, 'submit', noPrice)).code).toBe(2010);

    const after = await counts();
    expect(growth(before.refusals, after.refusals)).toEqual({
      LOTS_ABOVE_MAX: 2,
      ORDER_NOT_FOUND: 1,
      PRICE_REQUIRED: 1,
    });
    expect(growth(before.orders, after.orders)).toEqual({});
  });

  it('serves both counters at /metrics', async () => {
    const { token } = await demoUser(t, 'metrics-served');
    await post(token, 'submit', submitPayload(eurusd));
    await post(token, 'close', { id: 987_654 });
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(body).toMatch(/^tradedesk_orders_total\{kind="market"\} [1-9]/m);
    expect(body).toMatch(/^tradedesk_order_refusals_total\{code="ORDER_NOT_FOUND"\} [1-9]/m);
  });
});
