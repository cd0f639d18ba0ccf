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

/**
 * Caps on what one account holds (issue 9, item 14: a free demo account opened 13 085
 * positions). Counted under the account's lock, so racing submits cannot pass them together.
 */
describe.each(DIALECTS)('order caps on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd } = await startEurusdApp(name, {
      MAX_OPEN_ORDERS: '5',
      MAX_PENDING_ORDERS: '3',
    }));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const countLive = async (userId: number) =>
    t.store.db
      .selectFrom('orders')
      .select('status')
      .where('user_id', '=', userId)
      .where('status', 'in', [0, 1])
      .execute();

  it.skipIf(skip)(
    'refuses pending orders beyond their cap and orders beyond the total',
    async () => {
      const { user, token } = await demoUser(t, 'capped-device-1');
      const submit = (extra: Record<string, unknown>) =>
        t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd, extra), {
          authorization: token,
        });
      const pending = { status: 0, target_price: '1.08000', cont: '0.1' };
      for (let i = 0; i < 3; i++) expect((await submit(pending)).code).toBe(1);
      const fourth = await submit(pending);
      expect(fourth).toMatchObject({
        code: 2016,
        msg: 'You can have at most 3 pending orders',
      });
      for (let i = 0; i < 2; i++) expect((await submit({ cont: '0.1' })).code).toBe(1);
      const sixth = await submit({ cont: '0.1' });
      expect(sixth).toMatchObject({
        code: 2015,
        msg: 'You can have at most 5 open positions and pending orders',
      });
      expect(await countLive(user.id)).toHaveLength(5);
      // Closing one makes room again.
      const holding = await t.call(
        'GET',
        '/v1/api/forex/my_deal',
        { status: 1 },
        { authorization: token },
      );
      await t.call(
        'POST',
        '/v1/api/forex/close',
        { id: holding.data.data[0].Id },
        { authorization: token },
      );
      expect((await submit({ cont: '0.1' })).code).toBe(1);
      expect(await ledgerSum(t, user.id)).toBe((await storedAccount(t, user.id)).balance);
    },
  );

  it.skipIf(skip)('lets exactly the cap through when 30 submits race', async () => {
    const { user, token } = await demoUser(t, 'capped-device-2');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd, { cont: '0.1' }), {
          authorization: token,
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(5);
    expect(answers.filter((a) => a.code === 2015)).toHaveLength(25);
    expect(await countLive(user.id)).toHaveLength(5);
  });
});
