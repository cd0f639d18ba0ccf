import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';
import './margin-call.ts';

// Issue 40: a margin call at MARGIN_CALL_LEVEL (100 %), told once per crossing. A demo account
// of 100 000 USD buys 45 lots of EURUSD at 1.08508: 48 825 USD of margin at 1:100 (1 000 EUR
// a lot at 1.08500), 45 USD a point.
describe.each(DIALECTS)('margin call on $name', ({ name, skip }) => {
  let t: TestApp;
  let quote: (bid: number, ask?: number) => void;
  let eurusd: number;
  let user: UserRecord;
  let token: string;
  let calls: AccountCommit['events'];

  async function moveMarket(bid: number) {
    t.clock.advance(1000);
    quote(bid);
    await t.trading!.idle();
    await t.trading!.checkMarginCalls();
  }
  const detail = async () =>
    (await t.call('GET', '/v1/api/main/account/forexDetail', {}, { authorization: token })).data;

  beforeEach(async () => {
    if (skip) return;
    ({ t, quote, eurusd } = await startEurusdApp(name));
    ({ user, token } = await demoUser(t, 'margin-call-1'));
    calls = [];
    t.bus.subscribe('account.committed', async (commit) => {
      calls.push(...commit.events.filter((e) => e.type === 'margin-call'));
    });
    const opened = await t.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { cont: '45' }),
      {
        authorization: token,
      },
    );
    expect(opened.code).toBe(1);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('tells a crossing once, and again only after the level recovered', async () => {
    await moveMarket(108_000);
    expect(calls).toHaveLength(0);
    expect((await detail()).stop_out_at).toBeNull();

    // Bid 1.07300: 1 208 points × 45 = 54 360 USD down, less the 24.41 USD fee: level 93.41 %.
    await moveMarket(107_300);
    expect(calls).toEqual([
      {
        type: 'margin-call',
        level: 9_341n,
        stage: 1,
        stopOutAt: expect.objectContaining({ Code: 'EURUSD', Price: 1.06828 }),
        // What the equity lacks of the 48 825 USD of margin, to the cent up.
        deposit: expect.any(BigInt),
      },
    ]);
    const [first] = calls as unknown as [{ deposit: bigint }];
    const lacking = await detail();
    expect(Number(first.deposit) / 1e6).toBeCloseTo(lacking.current_margin - lacking.net_value, 1);
    const account = await detail();
    expect(account).toMatchObject({ margin_call_level: 100, stop_out_level: 50 });
    // Stop-out below 50 %: equity under 24 412.5 USD, 21 227.5 further down, 472 points.
    expect(account.stop_out_at).toMatchObject({ Code: 'EURUSD', Price: 1.06828 });

    await moveMarket(107_250);
    expect(calls).toHaveLength(1);

    await moveMarket(108_200); // recovered
    const recovered = await t.store.db.selectFrom('margin_calls').selectAll().execute();
    expect(recovered).toEqual([]);
    await moveMarket(107_300);
    expect(calls).toHaveLength(2);
    const rows = await t.store.db.selectFrom('margin_calls').select('user_id').execute();
    expect(rows.map((r) => Number(r.user_id))).toEqual([user.id]);
  });

  it.skipIf(skip)(
    'tells the second level, halfway to stop-out, once per crossing too',
    async () => {
      await moveMarket(107_300); // 93.41 %: stage 1
      // Bid 1.07100: 1 408 points × 45 = 63 360 USD down: 75 % of the margin is 36 618.75 USD.
      await moveMarket(107_100);
      expect(calls.map((c) => (c as { stage: number }).stage)).toEqual([1, 2]);
      await moveMarket(107_050);
      expect(calls).toHaveLength(2);
      // Back above 75 % but still below 100 %: no word; below 75 % again: told again.
      await moveMarket(107_300);
      expect(calls).toHaveLength(2);
      const stage = async () =>
        Number(
          (await t.store.db.selectFrom('margin_calls').select('stage').executeTakeFirstOrThrow())
            .stage,
        );
      expect(await stage()).toBe(1);
      await moveMarket(107_100);
      expect(calls.map((c) => (c as { stage: number }).stage)).toEqual([1, 2, 2]);
      expect(await stage()).toBe(2);
    },
  );
});
