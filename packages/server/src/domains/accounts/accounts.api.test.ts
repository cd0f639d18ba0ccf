import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  ledgerSum,
  logInAs,
  registerByEmail,
  startTestApp,
  storedAccount,
  type TestApp,
} from '../../testing/test-app.ts';

describe.each(DIALECTS)('balances and the ledger on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  async function demo(device = 'ledger-device-01') {
    const session = await t.call('GET', '/api/user/createAccountDemoForU', { demo_id: device });
    return { token: session.data.token as string, id: session.data.user.id as number };
  }
  const auth = (token: string) => ({ authorization: token });

  const storedBalance = async (userId: number) => (await storedAccount(t, userId)).balance;

  it.skipIf(skip)(
    'starts a demo account with 100 000 USD, explained by one ledger row',
    async () => {
      const { token, id } = await demo();
      expect((await t.call('GET', '/v1/api/main/wallet/getBalance', {}, auth(token))).data).toEqual(
        { balance: 100000, lock_balance: 0 },
      );
      const ledger = await t.call(
        'GET',
        '/v1/api/main/accountLog/forexChange',
        { page: 1 },
        auth(token),
      );
      expect(ledger.data).toEqual({
        data: [
          {
            Id: expect.any(Number),
            Value: 100000,
            Balance: 100000,
            MemoTran: 'Demo account funds',
            CreatedAtTran: '2026-11-02 12:00:00',
          },
        ],
        total: 1,
      });
      const inChinese = await t.call(
        'GET',
        '/v1/api/main/accountLog/forexChange',
        {},
        { ...auth(token), lang: 'hk' },
      );
      expect(inChinese.data.data[0].MemoTran).toBe('模擬帳戶資金');
      expect(await storedBalance(id)).toBe(100_000_000_000n);
      expect(await ledgerSum(t, id)).toBe(await storedBalance(id));
    },
  );

  it.skipIf(skip)('credits a demo account once, however many first requests race', async () => {
    const { token, id } = await demo('ledger-device-race');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call('GET', '/v1/api/main/wallet/getBalance', {}, auth(token)),
      ),
    );
    for (const answer of answers) expect(answer.data.balance).toBe(100000);
    const rows = await t.store.db
      .selectFrom('ledger')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.skipIf(skip)('gives a real account an empty balance and no demo reset', async () => {
    await registerByEmail(t, 'real@example.com');
    const token = await logInAs(t, 'real@example.com');
    expect((await t.call('GET', '/v1/api/main/wallet/getBalance', {}, auth(token))).data).toEqual({
      balance: 0,
      lock_balance: 0,
    });
    expect(
      (await t.call('GET', '/v1/api/main/accountLog/forexChange', {}, auth(token))).data,
    ).toEqual({ data: [], total: 0 });
    const refused = await t.call('GET', '/v1/api/main/user/resetForexDemoAccount', {}, auth(token));
    expect(refused).toMatchObject({ code: 1023, msg: 'Only a demo account can be reset' });
    expect(
      (await t.call('GET', '/v1/api/main/wallet/getBalance', {}, auth(token))).data.balance,
    ).toBe(0);
  });

  it.skipIf(skip)('resets a demo account to its start balance with one ledger row', async () => {
    const { token, id } = await demo('ledger-device-reset');
    await t.call('GET', '/v1/api/main/wallet/getBalance', {}, auth(token));
    // A loss, recorded as trading records it: balance and a ledger row together.
    await t.store.db
      .updateTable('accounts')
      .set({ balance: 97_549_457_460n })
      .where('user_id', '=', id)
      .execute();
    await t.store.db
      .insertInto('ledger')
      .values({
        user_id: id,
        amount: -2_450_542_540n,
        kind: 'pnl',
        order_id: null,
        balance_after: 97_549_457_460n,
        created_at: t.clock.now,
      })
      .execute();
    const reset = await t.call('GET', '/v1/api/main/user/resetForexDemoAccount', {}, auth(token));
    expect(reset.data).toEqual({ balance: 100000, lock_balance: 0 });
    const ledger = (await t.call('GET', '/v1/api/main/accountLog/forexChange', {}, auth(token)))
      .data;
    expect(ledger.total).toBe(3);
    expect(ledger.data[0]).toMatchObject({
      Value: 2450.54254,
      Balance: 100000,
      MemoTran: 'Demo account reset',
    });
    expect(await ledgerSum(t, id)).toBe(await storedBalance(id));
  });

  it.skipIf(skip)('pages the ledger newest first, 20 to a page', async () => {
    const { token, id } = await demo('ledger-device-pages');
    await t.call('GET', '/v1/api/main/wallet/getBalance', {}, auth(token));
    for (let i = 0; i < 24; i++)
      await t.call('GET', '/v1/api/main/user/resetForexDemoAccount', {}, auth(token));
    const first = (
      await t.call('GET', '/v1/api/main/accountLog/forexChange', { page: 1 }, auth(token))
    ).data;
    const second = (
      await t.call('GET', '/v1/api/main/accountLog/forexChange', { page: 2 }, auth(token))
    ).data;
    expect(first.total).toBe(25);
    expect(first.data).toHaveLength(20);
    expect(second.data).toHaveLength(5);
    expect(first.data[0].Id).toBeGreaterThan(first.data[1].Id);
    expect(second.data.at(-1).MemoTran).toBe('Demo account funds');
    expect(await ledgerSum(t, id)).toBe(await storedBalance(id));
  });

  it.skipIf(skip)("answers visitors with 999 and never shows another user's ledger", async () => {
    expect((await t.call('GET', '/v1/api/main/wallet/getBalance')).code).toBe(999);
    const a = await demo('ledger-device-a');
    const b = await demo('ledger-device-b');
    await t.call('GET', '/v1/api/main/user/resetForexDemoAccount', {}, auth(a.token));
    const ofB = (await t.call('GET', '/v1/api/main/accountLog/forexChange', {}, auth(b.token)))
      .data;
    expect(ofB.total).toBe(1);
  });
});
