import { RESULT_CODES } from '@tradedesk/contract';
import { parseMicros } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toInt } from '../../platform/db/columns.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, fundedLeader, fundedTrader } from '../../testing/funding.ts';
import {
  demoUser,
  logInAs,
  startEurusdApp,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';
import { DAY_MS, dayOf } from './leader-figures.ts';

const NOT_FOUND = RESULT_CODES.LEADER_NOT_FOUND.code;

/** part / whole in percent, 2 decimals, half away from zero — written again, on purpose. */
function percentOf(part: bigint, whole: bigint): number {
  const scaled = part * 10_000n;
  const negative = scaled < 0n;
  const magnitude = ((negative ? -scaled : scaled) * 2n + whole) / (2n * whole);
  return Number(negative ? -magnitude : magnitude) / 100;
}

// Leaders' figures, profiles and curves over HTTP. The test clock starts Monday 2026-11-02
// 12:00 UTC; the next days are forex days too. EURUSD's fee is 0.05 % of the margin.
describe.each(DIALECTS)('leader figures and profiles on $name', ({ name, skip }) => {
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

  const as = (token: string) => ({ authorization: token });
  const refresh = () => t.ranking.ranking.refresh();
  const list = async () =>
    (await t.call('GET', '/api/follow/list')).data.data as Record<string, unknown>[];
  const detail = (id: number, token?: string) =>
    t.call('GET', '/api/follow/detail', { id }, token ? as(token) : {});
  const equity = (id: number, period?: string) =>
    t.call('GET', '/api/follow/equity', period ? { id, period } : { id });
  const submit = (token: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd, extra), as(token));
  const close = (token: string, id: number) =>
    t.call('POST', '/v1/api/forex/close', { id }, as(token));

  const trader = (email: string, usd = '10000') => fundedLeader(t, email, usd);
  /** Opens one lot at the quote of now and closes it again: a closed position, ranked. */
  async function roundTrip(token: string) {
    const opened = await submit(token);
    expect(opened.code).toBe(1);
    expect((await close(token, opened.data.Id)).code).toBe(1);
  }

  it.skipIf(skip)(
    'makes −1 % and a 10 % drawdown of +10 % then −10 %, in the row, the profile and the curve',
    async () => {
      const lea = await trader('lea@example.com');
      const day0 = dayOf(t.clock.now);
      await refresh(); // day 0: 10 000 deposited, nothing traded.

      // Day 1: one lot bought at 2.00000 (margin 2 000, fee 1), marked at 2.01001: 11 000.
      t.clock.advance(DAY_MS);
      quote(199_992, 200_000);
      let token = await logInAs(t, lea.email);
      const opened = await submit(token);
      expect(opened.code).toBe(1);
      quote(201_001, 201_009);
      await refresh();
      // Day 2: marked at 1.99901 and closed there: 10 000 − 1 − 99 = 9 900.
      t.clock.advance(DAY_MS);
      quote(199_901, 199_909);
      token = await logInAs(t, lea.email);
      expect((await close(token, opened.data.Id)).code).toBe(1);
      await refresh();

      // 1.1 × 0.9 − 1 = −1 %; the index fell from 1.1 to 0.99: 10 % of the peak. Daily returns
      // 0, +10 %, −10 %: σ 10 % × √365 = 191 % a year, the top risk band.
      const [row] = await list();
      expect(row).toMatchObject({
        rank: 1,
        id: lea.id,
        sample: false,
        return_rate: -1,
        max_drawdown_rate: 10,
        risk_score: 10,
        followers: 0,
        aum: 0,
        total_trade_num: 1,
        // A position's P&L is the price move alone (the fee is a ledger row of its own).
        total_profit: -99,
        max_drawdown: 99,
      });

      const order = await t.store.db
        .selectFrom('orders')
        .select(['opened_at', 'closed_at'])
        .where('id', '=', opened.data.Id)
        .executeTakeFirstOrThrow();
      const profile = await detail(lea.id);
      expect(profile.code).toBe(1);
      expect(profile.data).toEqual({
        id: lea.id,
        user: 'l***@***.com',
        sample: false,
        return_rate: -1,
        max_drawdown_rate: 10,
        risk_score: 10,
        win_rate: 0,
        trades: 1,
        avg_holding_ms: toInt(order.closed_at!) - toInt(order.opened_at!),
        followers: 0,
        aum: 0,
        demo_followers: 0,
        days: 3,
        since: toInt(order.opened_at!),
        monthly: [{ month: '2026-11', return_rate: -1 }],
        instruments: [{ code: 'EURUSD', trades: 1, share: 100 }],
        positions: [],
        my_copy_id: 0,
        copyable: true,
      });

      const curve = { period: 'all', points: [] as unknown[] };
      curve.points = [
        { time: day0 * 86_400, equity: 10_000, return_rate: 0 },
        { time: (day0 + 1) * 86_400, equity: 11_000, return_rate: 10 },
        { time: (day0 + 2) * 86_400, equity: 9_900, return_rate: -1 },
      ];
      expect((await equity(lea.id)).data).toEqual(curve);
      expect((await equity(lea.id, '1m')).data).toEqual({ ...curve, period: '1m' });
      // A period starts from the point before it: day 2 alone is −10 %.
      t.clock.advance(29 * DAY_MS);
      expect((await equity(lea.id, '1m')).data.points).toEqual([
        { time: (day0 + 2) * 86_400, equity: 9_900, return_rate: -10 },
      ]);
    },
  );

  it.skipIf(skip)(
    'counts a deposit as capital: no trade result, no return, however much comes in',
    async () => {
      const dan = await trader('dan@example.com', '1000');
      // 0.1 lot at 2.00000 (fee 0.1) closed one point up (+0.1): the day ends at 1 000.
      quote(199_992, 200_000);
      const opened = await submit(dan.token, { cont: '0.1' });
      expect(opened.code).toBe(1);
      quote(200_001, 200_009);
      expect((await close(dan.token, opened.data.Id)).code).toBe(1);
      await refresh();
      t.clock.advance(DAY_MS);
      await fund(t, await logInAs(t, dan.email), '1000');
      await refresh();
      t.clock.advance(DAY_MS);
      await fund(t, await logInAs(t, dan.email), '3000');
      await refresh();
      const [row] = await list();
      // Equity went 1 000 → 2 000 → 5 000 on deposits alone.
      expect(row).toMatchObject({ id: dan.id, return_rate: 0, max_drawdown_rate: 0 });
      expect((await equity(dan.id)).data.points.map((p: { equity: number }) => p.equity)).toEqual([
        1_000, 2_000, 5_000,
      ]);
      // Three returns of 0: no volatility, the calmest score.
      expect(row!.risk_score).toBe(1);
    },
  );

  it.skipIf(skip)(
    'shows open positions as shares of equity, followers and assets under copy, and my copy',
    async () => {
      const leo = await trader('leo@example.com');
      await roundTrip(leo.token);
      // A real follower's money counts; a demo follower is counted apart and adds no assets.
      const follower = await fundedTrader(t, 'profile-follower@example.com', '2000');
      const practising = await demoUser(t, 'profile-demo-follower');
      for (const who of [follower, practising]) {
        const copied = await t.call(
          'POST',
          '/api/follow/copy',
          { id: leo.id, amount: '500' },
          as(who.token),
        );
        expect(copied.code).toBe(1);
      }
      // The leader buys: the copy mirrors 0.05 lots at the leader's price, then both close.
      const mirroredTrade = await submit(leo.token);
      await t.copying!.mirror.wake();
      quote(108_600, 108_608);
      expect((await close(leo.token, mirroredTrade.data.Id)).code).toBe(1);
      await t.copying!.mirror.wake();
      const held = await submit(leo.token);
      expect(held.code).toBe(1);
      await t.copying!.mirror.wake();
      await refresh();

      const copy = await t.store.db
        .selectFrom('copies')
        .select(['id', 'account_id'])
        .where('leader_id', '=', leo.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const copyAccount = toInt(copy.account_id);
      const copyEquity = await t.store.db
        .selectFrom('equity_daily')
        .select('equity')
        .where('account_id', '=', copyAccount)
        .executeTakeFirstOrThrow();
      const rows = await list();
      // The copy account traded (the mirrored close) but is no trader of its own.
      expect(rows.map((r) => r.id)).toEqual([leo.id]);
      const aum = Number(copyEquity.equity) / 1e6;
      expect(aum).toBeGreaterThan(500); // the mirrored trade gained
      expect(rows[0]).toMatchObject({ followers: 1, aum, demo_followers: 1 });
      expect((await detail(copyAccount)).code).toBe(NOT_FOUND);

      const detailData = async (token?: string) => (await detail(leo.id, token)).data;
      const netValue = parseMicros(
        String(
          (await t.call('GET', '/v1/api/main/account/forexDetail', {}, as(leo.token))).data
            .net_value,
        ),
      );
      const leoAsVisitor = await detailData();
      expect(leoAsVisitor).toMatchObject({
        followers: 1,
        aum,
        demo_followers: 1,
        my_copy_id: 0,
        copyable: true,
      });
      expect(leoAsVisitor.positions).toEqual([
        {
          code: 'EURUSD',
          side: 1,
          open_price: 1.08608,
          price_precision: 5,
          size_rate: percentOf(parseMicros('1086.08'), netValue),
          opened_at: t.clock.now,
        },
      ]);
      expect(await detailData(follower.token)).toMatchObject({
        my_copy_id: toInt(copy.id),
        copyable: true,
      });
      // The leader's own profile: no copy, and not copyable by themselves.
      expect(await detailData(leo.token)).toMatchObject({ my_copy_id: 0, copyable: false });
      // A stopped copy is no longer mine, nor a follower.
      expect(
        (await t.call('POST', '/api/follow/stop', { copy_id: toInt(copy.id) }, as(follower.token)))
          .code,
      ).toBe(1);
      await refresh();
      expect(await detailData(follower.token)).toMatchObject({ my_copy_id: 0, followers: 0 });
      expect((await list())[0]).toMatchObject({ followers: 0, aum: 0, demo_followers: 1 });
    },
  );

  it.skipIf(skip)(
    'answers LEADER_NOT_FOUND for hidden, demo, unranked and unknown traders',
    async () => {
      const ivy = await trader('ivy@example.com');
      await roundTrip(ivy.token);
      const quiet = await trader('quiet@example.com'); // funded, never traded
      const demo = await demoUser(t, 'profile-demo');
      await roundTrip(demo.token);
      await refresh();
      expect((await list()).map((r) => r.id)).toEqual([ivy.id]);
      expect((await detail(ivy.id)).code).toBe(1);
      for (const id of [demo.user.id, quiet.id, 999_999]) {
        expect((await detail(id)).code).toBe(NOT_FOUND);
        expect((await equity(id)).code).toBe(NOT_FOUND);
      }

      // Hidden straight in the database (no bus message): at once for the profile, at the next
      // refresh for the list. The back office's hide reaches the list at once (consent tests).
      await t.store.db
        .updateTable('leader_settings')
        .set({ hidden: 1 })
        .where('user_id', '=', ivy.id)
        .execute();
      expect((await detail(ivy.id)).code).toBe(NOT_FOUND);
      expect((await equity(ivy.id, '3m')).code).toBe(NOT_FOUND);
      await refresh();
      expect(await list()).toEqual([]);
      // Shown again.
      await t.store.db
        .updateTable('leader_settings')
        .set({ hidden: 0 })
        .where('user_id', '=', ivy.id)
        .execute();
      await refresh();
      expect((await list()).map((r) => r.id)).toEqual([ivy.id]);
      expect((await equity(ivy.id, '6m')).data.period).toBe('6m');
    },
  );
});
