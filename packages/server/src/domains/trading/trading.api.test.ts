import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';

// The order calls over HTTP, as the client makes them. The test clock: Monday 2026-11-02
// 07:00 New York — forex open, US stocks not yet.
describe.each(DIALECTS)('order calls on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const buyOneLot = (extra: Record<string, unknown> = {}) => submitPayload(eurusd, extra);
  const as = (token: string, headers: Record<string, string> = {}) => ({
    authorization: token,
    ...headers,
  });
  const submit = (token: string, payload: Record<string, unknown>, headers = {}) =>
    t.call('POST', '/v1/api/forex/submit', payload, as(token, headers));
  const myDeal = (token: string, status: number, page = 1) =>
    t.call('GET', '/v1/api/forex/my_deal', { status, page }, as(token));

  it.skipIf(skip)('reports account figures of a first look, with no positions open', async () => {
    // forexDetail as a demo user's very first call: it opens the funded account.
    const { token } = await demoUser(t, 'http-figures-1');
    expect((await t.call('GET', '/v1/api/main/account/forexDetail', {}, as(token))).data).toEqual({
      balance: 100000,
      lock_balance: 0,
      net_value: 100000,
      available_prepayment: 100000,
      current_margin: 0,
      risk_rate: 0,
      prepayment_ratio: 0,
      available_assets: 100000,
      stop_out_level: 50,
      margin_call_level: 100,
      stop_out_at: null,
    });
  });

  it.skipIf(skip)(
    'buys, lists the position with live P&L, sets TP/SL, closes, and finds it in history',
    async () => {
      const { user, token } = await demoUser(t, 'http-trader-1');
      const placed = await submit(token, buyOneLot());
      expect(placed.code).toBe(1);
      expect(placed.data).toMatchObject({
        ForexTradeLists: { ShowCode: 'EURUSD' },
        OrderType: 1,
        Status: 1,
        Quantity: 1,
        Multiple: 100,
        OriginPrice: 1.08508,
        Price: 1.08508,
        UpdatePrice: 1.085,
        FactProfits: -8,
        CautionMoney: 1085.08,
        TradeFee: 0.54254,
        TargetLossPrice: 0,
        TargetProfitPrice: 0,
      });
      expect(placed.data.CreateTimeHandler).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      quote(108_600, 108_608);
      const holding = await myDeal(token, 1);
      expect(holding.data).toMatchObject({
        total: 1,
        all_fact_profits: 92,
        balance: 98914.37746,
      });
      expect(holding.data.data[0]).toMatchObject({ UpdatePrice: 1.086, FactProfits: 92 });

      const stops = await t.call(
        'POST',
        '/v1/api/forex/set_stop_price',
        { id: placed.data.Id, target_profit_price: '1.09', stop_loss_price: 1.08 },
        as(token),
      );
      expect(stops.data).toMatchObject({ TargetProfitPrice: 1.09, TargetLossPrice: 1.08 });
      const wrongSide = await t.call(
        'POST',
        '/v1/api/forex/set_stop_price',
        { id: placed.data.Id, target_profit_price: '1.085', stop_loss_price: 0 },
        as(token),
      );
      expect(wrongSide).toMatchObject({ code: 2007 });

      const closed = await t.call('POST', '/v1/api/forex/close', { id: placed.data.Id }, as(token));
      expect(closed.data).toMatchObject({
        Status: 3,
        ClosePrice: 1.086,
        FactProfits: 92,
        CloseReason: 'manual',
      });
      expect(closed.data.CloseTimeHandler).not.toBeNull();
      const history = await myDeal(token, 3);
      expect(history.data).toMatchObject({ total: 1, all_fact_profits: 92, balance: 100091.45746 });
      expect((await myDeal(token, 1)).data).toMatchObject({ total: 0, all_fact_profits: 0 });
      expect(await ledgerSum(t, user.id)).toBe((await storedAccount(t, user.id)).balance);
    },
  );

  it.skipIf(skip)('places a pending order, lists it, and cancels it to the cent', async () => {
    const { user, token } = await demoUser(t, 'http-trader-2');
    const placed = await submit(
      token,
      buyOneLot({ status: 0, target_price: '1.08', target_profit_price: '1.09' }),
    );
    expect(placed.data).toMatchObject({
      Status: 0,
      OriginPrice: 1.08,
      Price: 0,
      UpdatePrice: 1.08508,
      FactProfits: 0,
      TargetProfitPrice: 1.09,
    });
    const pending = await myDeal(token, 0);
    expect(pending.data.total).toBe(1);
    const reserved = await storedAccount(t, user.id);
    expect(reserved.lock).toBeGreaterThan(0n);

    const cancelled = await t.call(
      'POST',
      '/v1/api/forex/cancel_trade',
      { id: placed.data.Id },
      as(token),
    );
    expect(cancelled.data).toMatchObject({ Status: 3, CloseReason: 'cancelled' });
    const after = await storedAccount(t, user.id);
    expect(after).toMatchObject({ balance: 100_000_000_000n, lock: 0n });
    // A cancelled order cannot be cancelled twice.
    const again = await t.call(
      'POST',
      '/v1/api/forex/cancel_trade',
      { id: placed.data.Id },
      as(token),
    );
    expect(again.code).toBe(2012);
    const required = await submit(token, buyOneLot({ status: 0, target_price: '' }));
    expect(required.code).toBe(2010);
  });

  it.skipIf(skip)(
    'repeats with the same Idempotency-Key return the first order and charge once',
    async () => {
      const { user, token } = await demoUser(t, 'http-trader-3');
      const key = { 'idempotency-key': 'order-7f3a' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => submit(token, buyOneLot(), key)),
      );
      const ids = new Set(answers.map((a) => a.data.Id));
      expect(answers.every((a) => a.code === 1)).toBe(true);
      expect(ids.size).toBe(1);
      // "1.0" is the same request as 1: the parameters are compared as parsed.
      const sameParsed = await submit(token, buyOneLot({ cont: '1.0' }), key);
      expect(sameParsed.data.Id).toBe(answers[0]!.data.Id);
      const mismatch = await submit(token, buyOneLot({ cont: '2' }), key);
      expect(mismatch).toMatchObject({ code: 2013, msg: expect.stringMatching(/key/i) });
      expect((await myDeal(token, 1)).data.total).toBe(1);
      expect((await storedAccount(t, user.id)).balance).toBe(98_914_377_460n);
      const badKey = await submit(token, buyOneLot(), { 'idempotency-key': 'has space' });
      expect(badKey.code).toBe(1000);
      // Another user's identical key is theirs alone.
      const other = await demoUser(t, 'http-trader-3b');
      const theirs = await submit(other.token, buyOneLot(), key);
      expect(theirs.data.Id).not.toBe(answers[0]!.data.Id);
    },
  );

  it.skipIf(skip)(
    'never overdraws when dozens of submits race against a small balance',
    async () => {
      const { user, token } = await demoUser(t, 'http-trader-4');
      // 10 lots at 1:50 need 21 712.4508 USD each: four fit in 100 000.
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => submit(token, buyOneLot({ cont: 10, multiple: 50 }))),
      );
      expect(answers.filter((a) => a.code === 1)).toHaveLength(4);
      expect(answers.filter((a) => a.code === 2009)).toHaveLength(26);
      const account = await storedAccount(t, user.id);
      expect(account.balance).toBe(100_000_000_000n - 4n * 21_712_450_800n);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    },
  );

  it.skipIf(skip)(
    "refuses bad orders with clear messages and never touches another user's order",
    async () => {
      const { user, token } = await demoUser(t, 'http-trader-5');
      const aapl = t.market!.tradeList('AAPL')[0]!.Id;
      const cases: [Record<string, unknown>, number, RegExp][] = [
        [buyOneLot({ forex_id: aapl }), 2001, /closed/i],
        [buyOneLot({ cont: '0.001' }), 2002, /minimum/i],
        [buyOneLot({ cont: '1000' }), 2003, /maximum/i],
        [buyOneLot({ cont: '1.015' }), 2004, /step/i],
        [buyOneLot({ cont: '0.00001' }), 2004, /step/i],
        [buyOneLot({ multiple: 7 }), 2005, /leverage/i],
        [buyOneLot({ target_profit_price: '1.08' }), 2007, /take profit/i],
        [buyOneLot({ stop_loss_price: '1.09' }), 2008, /stop loss/i],
        [buyOneLot({ stop_loss_price: '1.0800001' }), 1000, /stop_loss_price/],
        [buyOneLot({ type: 3 }), 1000, /type/],
        [buyOneLot({ cont: '' }), 1001, /complete/i],
        [buyOneLot({ forex_id: 99_999 }), 404, /./],
      ];
      for (const [payload, code, msg] of cases) {
        const answer = await submit(token, payload);
        expect({ payload, code: answer.code }).toEqual({ payload, code });
        expect(answer.msg).toMatch(msg);
      }
      // Translated by the lang header.
      const chinese = await submit(token, buyOneLot({ multiple: 7 }), { lang: 'cn' });
      expect(chinese.msg).not.toMatch(/leverage/i);
      const anonymous = await t.call('POST', '/v1/api/forex/submit', buyOneLot());
      expect(anonymous.code).toBe(999);
      expect((await myDeal(token, 1)).data.total).toBe(0);

      const mine = await submit(token, buyOneLot());
      const other = await demoUser(t, 'http-trader-5b');
      for (const [path, extra] of [
        ['/v1/api/forex/close', {}],
        ['/v1/api/forex/cancel_trade', {}],
        ['/v1/api/forex/set_stop_price', { target_profit_price: '1.2', stop_loss_price: 0 }],
      ] as const) {
        const answer = await t.call('POST', path, { id: mine.data.Id, ...extra }, as(other.token));
        expect(answer.code).toBe(2011);
      }
      const stillMine = await myDeal(token, 1);
      expect(stillMine.data.data[0]).toMatchObject({ Id: mine.data.Id, TargetProfitPrice: 0 });
      expect((await myDeal(other.token, 1)).data.total).toBe(0);
      expect(await ledgerSum(t, user.id)).toBe((await storedAccount(t, user.id)).balance);
    },
  );
});
