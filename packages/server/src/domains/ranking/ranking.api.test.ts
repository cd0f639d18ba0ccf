import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, optIn } from '../../testing/funding.ts';
import {
  demoUser,
  logInAs,
  registerByEmail,
  startEurusdApp,
  type TestApp,
} from '../../testing/test-app.ts';
import { areaIdOf } from '../settings/index.ts';

const DAY = 24 * 3600 * 1000;

/** part / whole in percent, 2 decimals, half away from zero — written again, on purpose. */
function percentOf(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  const scaled = part * 10_000n;
  const negative = scaled < 0n;
  const magnitude = ((negative ? -scaled : scaled) * 2n + whole) / (2n * whole);
  return Number(negative ? -magnitude : magnitude) / 100;
}
const usd = (micros: bigint) => Number(micros) / 1e6;

// The ranking over HTTP, checked against the positions the traders really closed. The test
// clock starts Monday 2026-11-02 07:00 New York; 22 days later (a Tuesday) forex is open too.
describe.each(DIALECTS)('copy-trading ranking on $name', ({ name, skip }) => {
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

  const trade = async (token: string, type: 1 | 2, multiple: number, closeAt: number) => {
    const opened = await t.call(
      'POST',
      '/v1/api/forex/submit',
      { type, cont: '1', forex_id: eurusd, status: 1, multiple },
      { authorization: token },
    );
    expect(opened.code).toBe(1);
    t.clock.advance(60_000);
    quote(closeAt);
    const closed = await t.call(
      'POST',
      '/v1/api/forex/close',
      { id: opened.data.Id },
      { authorization: token },
    );
    expect(closed.code).toBe(1);
    t.clock.advance(60_000);
    quote(108_500);
  };

  /** A registered trader who opted in to the ranking (issue 36: nobody is listed otherwise). */
  const trader = async (email: string) => {
    expect((await registerByEmail(t, email)).code).toBe(1);
    const token = await logInAs(t, email);
    await optIn(t, token, { listed: 1, copyable: 0 });
    return token;
  };

  it.skipIf(skip)(
    'ranks real traders by their closed positions: three weeks and totals, demo excluded',
    async () => {
      const alice = await trader('alice@example.com');
      const bob = await trader('bob.trader@example.org');
      const carol = await trader('carol@example.net');
      const finance = await fund(t, alice, '10000');
      await fund(t, bob, '10000', finance);
      await fund(t, carol, '10000', finance);
      const demo = await demoUser(t, 'ranking-demo-1');

      // Older than three weeks: in the totals only.
      await trade(alice, 1, 100, 108_900);
      t.clock.advance(22 * DAY);
      quote(108_500);
      const aliceNow = await logInAs(t, 'alice@example.com');
      const bobNow = await logInAs(t, 'bob.trader@example.org');
      const carolNow = await logInAs(t, 'carol@example.net');
      await trade(aliceNow, 1, 100, 108_650); // win
      await trade(aliceNow, 2, 200, 108_700); // sell, price up: loss
      await trade(bobNow, 1, 50, 108_300); // loss
      await trade(bobNow, 2, 50, 108_200); // win
      await trade(demo.token, 1, 500, 109_500); // a demo's big win never counts
      // A cancelled pending order is not a closed position: carol stays out of the ranking.
      const pending = await t.call(
        'POST',
        '/v1/api/forex/submit',
        { type: 1, cont: '1', forex_id: eurusd, status: 0, target_price: '1.05', multiple: 100 },
        { authorization: carolNow },
      );
      expect(pending.code).toBe(1);
      const cancelled = await t.call(
        'POST',
        '/v1/api/forex/cancel_trade',
        { id: pending.data.Id },
        { authorization: carolNow },
      );
      expect(cancelled.code).toBe(1);

      // Served from the last refresh, not computed per request.
      const before = await t.call('GET', '/api/follow/list');
      expect(before).toMatchObject({ code: 1, data: { data: [] } });
      await t.ranking.ranking.refresh();
      const answer = await t.call('GET', '/api/follow/list');
      expect(answer.code).toBe(1);
      expect(answer.data.window_days).toBe(21);
      expect(answer.data.refreshed_at).toBe(t.clock.now);

      // The expected figures, from the stored closed positions of each real trader.
      const rows = await t.store.db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select([
          'users.email',
          'users.is_demo',
          'orders.margin',
          'orders.pnl',
          'orders.leverage',
          'orders.closed_at',
          'orders.close_reason',
        ])
        .where('orders.status', '=', 3)
        .execute();
      const expected = (email: string) => {
        const mine = rows.filter(
          (r) => r.email === email && toInt(r.is_demo) === 0 && r.close_reason !== 'cancelled',
        );
        const recent = mine.filter((r) => toInt(r.closed_at!) > t.clock.now - 21 * DAY);
        const sum = (list: typeof mine, pick: (r: (typeof mine)[number]) => unknown) =>
          list.reduce((s, r) => s + toBigInt(pick(r) as bigint), 0n);
        let equity = 0n;
        let peak = 0n;
        let drawdown = 0n;
        for (const r of [...mine].sort((a, b) => toInt(a.closed_at!) - toInt(b.closed_at!))) {
          equity += toBigInt(r.pnl!);
          peak = equity > peak ? equity : peak;
          drawdown = peak - equity > drawdown ? peak - equity : drawdown;
        }
        return {
          three_week_rate: percentOf(
            sum(recent, (r) => r.pnl),
            sum(recent, (r) => r.margin),
          ),
          three_week_win: percentOf(
            BigInt(recent.filter((r) => toBigInt(r.pnl!) > 0n).length),
            BigInt(recent.length),
          ),
          three_week_profit: usd(sum(recent, (r) => r.pnl)),
          three_week_trade_num: recent.length,
          total_rate: percentOf(
            sum(mine, (r) => r.pnl),
            sum(mine, (r) => r.margin),
          ),
          total_profit: usd(sum(mine, (r) => r.pnl)),
          total_trade_num: mine.length,
          max_drawdown: usd(drawdown),
        };
      };

      const list = answer.data.data as Record<string, unknown>[];
      expect(list.map((r) => r.user).sort()).toEqual(['a***@***.com', 'b***@***.org']);
      const aliceRow = list.find((r) => r.user === 'a***@***.com')!;
      const bobRow = list.find((r) => r.user === 'b***@***.org')!;
      expect(aliceRow).toMatchObject({
        ...expected('alice@example.com'),
        multiple: 100,
        code: 'EURUSD',
        followers: 0,
        total_trade_num: 3,
        three_week_trade_num: 2,
        three_week_win: 50,
      });
      expect(bobRow).toMatchObject({
        ...expected('bob.trader@example.org'),
        multiple: 50,
        code: 'EURUSD',
        followers: 0,
        total_trade_num: 2,
        three_week_win: 50,
      });
      // The old win lifts alice's totals above her three-week figures.
      expect(aliceRow.total_profit as number).toBeGreaterThan(aliceRow.three_week_profit as number);
      // Ordered by time-weighted return (issue 37), ranked from 1.
      expect(list.map((r) => r.rank)).toEqual([1, 2]);
      expect(list[0]!.return_rate as number).toBeGreaterThanOrEqual(list[1]!.return_rate as number);
      // The rows name the trader (the profile's id); nobody here is a sample trader or copied.
      expect(aliceRow).toMatchObject({ sample: false, followers: 0, aum: 0 });
      expect(new Set(list.map((r) => r.id)).size).toBe(2);
    },
  );

  it.skipIf(skip)(
    'shows a trader who registered by mobile with at most a third of the digits (issue 24)',
    async () => {
      const hk = areaIdOf('HK');
      await t.call('POST', '/api/notify/send_sms', { to: '91234567', area_id: hk, type: 1 });
      const registered = await t.call('POST', '/api/user/register', {
        type: 'mobile',
        area_id: hk,
        account: '91234567',
        password: 'secret-pass',
        re_password: 'secret-pass',
        sms_code: t.lastCode('91234567'),
      });
      expect(registered.code).toBe(1);
      const token = await logInAs(t, '91234567');
      await optIn(t, token, { listed: 1, copyable: 0 });
      await fund(t, token, '10000');
      await trade(token, 1, 100, 108_650);
      await t.ranking.ranking.refresh();
      const list = (await t.call('GET', '/api/follow/list')).data.data as { user: string }[];
      // Before: the ranking's own mask showed "912****67", five of eight digits.
      expect(list.map((r) => r.user)).toEqual(['9******7']);
    },
  );

  it.skipIf(skip)('answers visitors with an empty ranking when nobody has traded', async () => {
    await t.ranking.ranking.refresh();
    const answer = await t.call('GET', '/api/follow/list');
    expect(answer).toMatchObject({ code: 1, data: { data: [], window_days: 21 } });
  });
});
