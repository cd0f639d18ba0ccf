import { MAX_ALERTS } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startEurusdApp, type TestApp } from '../../testing/test-app.ts';

// Issue 41, step 1: a trader's price alerts over HTTP, on both dialects. EURUSD is quoted
// 1.08500 / 1.08508.
describe.each(DIALECTS)('price alerts on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let token: string;
  let quote: (bid: number, ask?: number) => void;
  let fired: { id: number; count: number; price: bigint }[];

  async function moveMarket(bid: number) {
    t.clock.advance(1000);
    quote(bid);
    await t.alerts!.watch.idle();
  }
  const statusOf = async (id: number) =>
    (await list()).data.find((a: { id: number }) => a.id === id) as {
      status: string;
      fired_count: number;
    };

  const post = (path: string, body: Record<string, unknown>, as = token) =>
    t.call('POST', `/api/alerts/${path}`, body, { authorization: as });
  const list = async (as = token) =>
    (await t.call('GET', '/api/alerts', {}, { authorization: as })).data;
  const above = (price: string, extra: Record<string, unknown> = {}) => ({
    forex_id: eurusd,
    side: 'bid',
    condition: 'above',
    price,
    ...extra,
  });

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
    ({ token } = await demoUser(t, 'alerts-trader-1'));
    fired = [];
    t.bus.subscribe('account.committed', async (commit) => {
      for (const e of commit.events)
        if (e.type === 'alert' && e.change === 'fired')
          fired.push({ id: e.alert.id, count: e.alert.firedCount, price: e.price! });
    });
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('creates, lists and deletes a trader’s alerts', async () => {
    const created = await post(
      'create',
      above('1.09000', { repeat: 1, note: 'breakout', expire_at: 'today' }),
    );
    expect(created).toMatchObject({
      code: 1,
      msg: 'Alert created',
      data: {
        forex_id: eurusd,
        code: 'EURUSD',
        side: 'bid',
        condition: 'above',
        price: 1.09,
        repeat: 1,
        note: 'breakout',
        status: 'armed',
        fired_count: 0,
        last_fired_at: null,
      },
    });
    // Today ends at 17:00 New York, the forex day's end.
    expect(created.data.expire_at).toBeGreaterThan(t.clock.now);
    const below = await post('create', {
      forex_id: eurusd,
      side: 'ask',
      condition: 'below',
      price: '1.08000',
    });
    expect(below.data).toMatchObject({ repeat: 0, note: '', expire_at: null });
    expect(await list()).toEqual({
      data: [
        expect.objectContaining({ id: below.data.id }),
        expect.objectContaining({ id: created.data.id }),
      ],
      max: MAX_ALERTS,
    });

    const stranger = await demoUser(t, 'alerts-trader-2');
    expect((await post('delete', { id: created.data.id }, stranger.token)).code).toBe(2027);
    expect(await list(stranger.token)).toEqual({ data: [], max: MAX_ALERTS });
    const deleted = await post('delete', { id: created.data.id });
    expect(deleted).toMatchObject({ code: 1, msg: 'Alert deleted' });
    expect((await post('delete', { id: created.data.id })).code).toBe(2027);
    expect((await list()).data.map((a: { id: number }) => a.id)).toEqual([below.data.id]);
  });

  it.skipIf(skip)('refuses bad input in the envelope, storing nothing', async () => {
    const refusals = [
      [above('1.08500'), 2028], // the Bid is there already
      [{ ...above('1.08600'), condition: 'below' }, 2028], // and under 1.08600 too
      [above('1.090001'), 1000], // finer than the instrument's 5 digits
      [{ ...above('1.09'), side: 'mid' }, 1000],
      [{ ...above('1.09'), condition: 'sideways' }, 1000],
      [above('1.09', { repeat: 2 }), 1000],
      [above('1.09', { note: 'x'.repeat(121) }), 1027],
      [above('1.09', { expire_at: t.clock.now - 1 }), 2020],
      [{ ...above('1.09'), forex_id: 987_654 }, 404],
    ] as const;
    for (const [body, code] of refusals) {
      const answer = await post('create', body as Record<string, unknown>);
      expect([answer.code, typeof answer.msg]).toEqual([code, 'string']);
    }
    expect(await list()).toEqual({ data: [], max: MAX_ALERTS });
    const visitor = await t.call('GET', '/api/alerts', {});
    expect(visitor.code).toBe(999);
  });

  it.skipIf(skip)(`holds at most ${MAX_ALERTS} alerts, racing creates included`, async () => {
    const answers = await Promise.all(
      Array.from({ length: MAX_ALERTS + 20 }, (_, i) =>
        post('create', above(`1.${String(9_000 + i).padStart(5, '0')}`)),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(MAX_ALERTS);
    const refused = answers.filter((a) => a.code !== 1);
    expect(refused).toHaveLength(20);
    expect(refused[0]).toMatchObject({
      code: 2026,
      msg: `You can keep at most ${MAX_ALERTS} price alerts`,
    });
    expect((await list()).data).toHaveLength(MAX_ALERTS);
  });

  it.skipIf(skip)('fires a one-shot alert once, on the first tick that crosses', async () => {
    const bid = (await post('create', above('1.08600'))).data.id as number;
    const ask = (
      await post('create', { forex_id: eurusd, side: 'ask', condition: 'below', price: '1.08400' })
    ).data.id as number;
    const gone = (await post('create', above('1.08550'))).data.id as number;
    await post('delete', { id: gone });
    await moveMarket(108_590);
    expect(fired).toEqual([]);
    await moveMarket(108_620);
    await moveMarket(108_700);
    expect(fired).toEqual([{ id: bid, count: 1, price: 108_620n }]);
    expect(await statusOf(bid)).toMatchObject({ status: 'fired', fired_count: 1 });
    // The Ask (Bid + 8) reaches 1.08400 when the Bid is at 1.08392.
    await moveMarket(108_393);
    expect(fired).toHaveLength(1);
    await moveMarket(108_392);
    expect(fired.map((f) => [f.id, f.price])).toEqual([
      [bid, 108_620n],
      [ask, 108_400n],
    ]);
    await moveMarket(108_700);
    expect(fired).toHaveLength(2);
  });

  it.skipIf(skip)(
    'fires a repeating alert again only after the price moved back by its cooldown',
    async () => {
      const id = (await post('create', above('1.08600', { repeat: 1 }))).data.id as number;
      await moveMarket(108_620);
      expect(await statusOf(id)).toMatchObject({ status: 'cooling', fired_count: 1 });
      // Around the level nothing fires again: 0.1 % of 1.08600 is 108 points, so it re-arms
      // at 1.08492 and below.
      for (const bid of [108_590, 108_610, 108_493, 108_650]) await moveMarket(bid);
      expect(fired).toHaveLength(1);
      await moveMarket(108_492);
      expect(await statusOf(id)).toMatchObject({ status: 'armed', fired_count: 1 });
      await moveMarket(108_601);
      expect(fired.map((f) => [f.count, f.price])).toEqual([
        [1, 108_620n],
        [2, 108_601n],
      ]);
    },
  );

  it.skipIf(skip)('stops watching at its expiry, and fires nothing after', async () => {
    const id = (await post('create', above('1.08600', { expire_at: t.clock.now + 60_000 }))).data
      .id as number;
    t.clock.advance(59_000);
    expect(await t.alerts!.expireDue()).toBe(0);
    t.clock.advance(1_000);
    expect(await t.alerts!.expireDue()).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'expired' });
    await moveMarket(108_700);
    expect(fired).toEqual([]);
  });
});
