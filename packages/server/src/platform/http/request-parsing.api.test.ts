import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { createScriptedFeed } from '../../domains/market/feed/feed.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';

/**
 * Reproductions from the attack on the running server (issue 9, items 1–5): prototype keys in
 * headers and bodies, integers beyond their columns, loose number forms, equal decimals with
 * trailing zeros, and leverage on fixed-margin instruments. Each refusal changes nothing.
 */
describe.each(DIALECTS)('request parsing on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let feed: ReturnType<typeof createScriptedFeed>;
  let token: string;

  beforeAll(async () => {
    if (skip) return;
    ({ t, eurusd, feed } = await startEurusdApp(name));
    ({ token } = await demoUser(t, 'parsing-device-1'));
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const countOrders = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let ordersBefore: number;
  beforeEach(async () => {
    if (!skip) ordersBefore = await countOrders();
  });

  /** A submit as raw JSON text (object literals drop a `__proto__` key). */
  const submitRaw = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: { authorization: token, 'content-type': 'application/json', lang: 'en', ...headers },
      payload: body,
    });

  it.skipIf(skip)('reads lang: __proto__ or constructor as the default language', async () => {
    for (const lang of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const answer = await t.call('GET', '/api/user/info', {}, { lang });
      expect(answer.status, lang).toBe(200);
      expect(answer.msg, lang).toBe(
        (await t.call('GET', '/api/user/info', {}, { lang: 'hk' })).msg,
      );
    }
  });

  it.skipIf(skip)('answers a submit with lang: __proto__ in full: one order, success', async () => {
    const response = await submitRaw(JSON.stringify(submitPayload(eurusd)), { lang: '__proto__' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 1 });
    expect(await countOrders()).toBe(ordersBefore + 1);
  });

  it.skipIf(skip)('refuses a body carrying __proto__ or constructor.prototype', async () => {
    const order = JSON.stringify(submitPayload(eurusd));
    for (const body of [
      `{"__proto__": ${order}}`,
      `{"constructor": {"prototype": ${order}}}`,
      `{"type":1,"__proto__":{"status":1}}`,
    ]) {
      const response = await submitRaw(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({ code: 1000, data: null });
    }
    // Form and query keys named after the prototype are not parameters either.
    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit?__proto__=1',
      headers: {
        authorization: token,
        lang: 'en',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `__proto__=x&constructor=y&${new URLSearchParams({ ...submitPayload(eurusd), type: '' } as never)}`,
    });
    expect(form.json()).toMatchObject({ code: 1001 });
    expect(await countOrders()).toBe(ordersBefore);
  });

  it.skipIf(skip)('refuses integers beyond their INTEGER columns in the envelope', async () => {
    const auth = { authorization: token };
    for (const id of [2 ** 31, 2 ** 53, '99999999999999999999']) {
      for (const path of ['/v1/api/forex/close', '/v1/api/forex/cancel_trade']) {
        const answer = await t.call('POST', path, { id }, auth);
        expect(answer, `${path} ${id}`).toMatchObject({ status: 200, code: 1000 });
      }
      const stops = await t.call('POST', '/v1/api/forex/set_stop_price', { id }, auth);
      expect(stops).toMatchObject({ status: 200, code: 1000 });
      const kline = await t.call('GET', '/v1/api/forex/kline', { forex_id: id, period: '1min' });
      expect(kline).toMatchObject({ status: 200, code: 1000 });
      const order = await t.call('POST', '/v1/api/forex/submit', submitPayload(id as number), auth);
      expect(order).toMatchObject({ status: 200, code: 1000 });
      const leverage = await t.call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd, { multiple: id }),
        auth,
      );
      expect(leverage).toMatchObject({ status: 200, code: 1000 });
      const area = await t.call('POST', '/api/user/loginForU', {
        account: '2025550123',
        password: 'whatever',
        area_id: id,
      });
      expect(area).toMatchObject({ status: 200, code: 1000 });
    }
    expect(await countOrders()).toBe(ordersBefore);
  });

  it.skipIf(skip)('accepts plain decimal digits and JSON numbers only', async () => {
    const auth = { authorization: token };
    const refusals: [string, Record<string, unknown>][] = [
      ['/v1/api/forex/close', { id: '0x10' }],
      ['/v1/api/forex/close', { id: '0b11' }],
      ['/v1/api/forex/close', { id: true }],
      ['/v1/api/forex/close', { id: [5] }],
      ['/v1/api/forex/close', { id: '1e2' }],
      ['/v1/api/forex/close', { id: '+5' }],
      ['/v1/api/forex/submit', submitPayload(eurusd, { type: '0x1' })],
      ['/v1/api/forex/submit', submitPayload(eurusd, { cont: '1e0' })],
      ['/v1/api/forex/submit', submitPayload(eurusd, { cont: true })],
      ['/v1/api/forex/submit', submitPayload(eurusd, { multiple: '1e2' })],
    ];
    for (const [path, params] of refusals) {
      const answer = await t.call('POST', path, params, auth);
      expect(answer, JSON.stringify(params)).toMatchObject({ status: 200, code: 1026 });
    }
    const page = await t.call('GET', '/v1/api/forex/my_deal', { status: 1, page: '1e2' }, auth);
    expect(page).toMatchObject({
      code: 1026,
      msg: 'page must be a plain number, such as 12 or 0.5',
    });
    // `status=` is no status: it used to list pending orders (as 0).
    const empty = await t.call('GET', '/v1/api/forex/my_deal', { status: '' }, auth);
    expect(empty).toMatchObject({ code: 1001 });
    const spaced = await t.call('GET', '/v1/api/forex/my_deal', { status: ' 1 ', page: 1 }, auth);
    expect(spaced).toMatchObject({ code: 1 });
    expect(await countOrders()).toBe(ordersBefore);
  });

  it.skipIf(skip)('accepts equal decimals written with trailing zeros', async () => {
    const auth = { authorization: token };
    const market = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { cont: '0.010000' }),
      auth,
    );
    expect(market).toMatchObject({ code: 1, data: { Quantity: 0.01 } });
    const pending = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { status: 0, cont: '1.00', target_price: '1.0800000000' }),
      auth,
    );
    expect(pending).toMatchObject({ code: 1, data: { OriginPrice: 1.08 } });
    // Significant decimals beyond the instrument's precision stay refused.
    const finer = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { status: 0, target_price: '1.080001' }),
      auth,
    );
    expect(finer).toMatchObject({ code: 1000 });
    expect(await countOrders()).toBe(ordersBefore + 2);
  });

  it.skipIf(skip)('stores no leverage on fixed-margin instruments and refuses one', async () => {
    const silver = t.market!.tradeList('XAGUSD')[0]!;
    expect(silver.MarginMode).toBe(1);
    feed.push({ instrumentId: silver.Id, bid: 31_000, ask: 31_030, time: t.clock.now, volume: 1 });
    const auth = { authorization: token };
    for (const multiple of [100, 1, 2 ** 31 - 1]) {
      const answer = await t.call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(silver.Id, { cont: '0.01', multiple }),
        auth,
      );
      expect(answer, String(multiple)).toMatchObject({ code: 2005 });
    }
    expect(await countOrders()).toBe(ordersBefore);
    const fixed = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(silver.Id, { cont: '0.01', multiple: 0 }),
      auth,
    );
    expect(fixed).toMatchObject({ code: 1, data: { Multiple: 0 } });
    const absent = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(silver.Id, { cont: '0.01', multiple: undefined }),
      auth,
    );
    expect(absent).toMatchObject({ code: 1, data: { Multiple: 0 } });
  });

  it.skipIf(skip)('refuses text holding a NUL by its field, visitor or user', async () => {
    // PostgreSQL fails a whole statement that merely compares text with a NUL in it.
    const search = await t.call('GET', '/api/company/getCompany', { name: 'mark\u0000ets' });
    expect(search).toMatchObject({ code: 1000, msg: 'Invalid request: name' });
    const login = await t.call('POST', '/api/user/loginForU', {
      account: 'a\u0000@example.com',
      password: 'whatever1',
    });
    expect(login).toMatchObject({ code: 1000, msg: 'Invalid request: account' });
    const chat = await t.call(
      'POST',
      '/api/support/send',
      { content: 'hello\u0000' },
      { authorization: token },
    );
    expect(chat).toMatchObject({ code: 1000 });
    // The same text without it goes through.
    const clean = await t.call('GET', '/api/company/getCompany', { name: 'markets' });
    expect(clean).toMatchObject({ status: 200, code: 1 });
  });
});
