import { PAGE_SIZE, RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  createOperator,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { areaIdOf } from '../settings/index.ts';

const code = RESULT_CODES;

/** Traders as operators find them: search by e-mail, mobile or uid, the demo filter, paging. */
describe.each(DIALECTS)('trader search for operators on $name', ({ name, skip }) => {
  let t: TestApp;
  let support: TestOperator;
  let underscored: { id: number };
  let lookalike: { id: number };
  let percent: { id: number };
  let numbered: { id: number };
  let mobileId: number;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    support = await createOperator(t, 'support');
    underscored = await registerTrader(t, 'john_doe@example.com');
    // `_` as a wildcard would match this one too.
    lookalike = await registerTrader(t, 'johnxdoe@example.com');
    percent = await registerTrader(t, 'sale100%off@example.com');
    numbered = await registerTrader(t, 'ann7@example.com');
    const hk = areaIdOf('HK');
    await t.call('POST', '/api/notify/send_sms', { to: '67123456', area_id: hk, type: 1 });
    const registered = await t.call('POST', '/api/user/register', {
      type: 'mobile',
      area_id: hk,
      account: '67123456',
      password: 'secret-pass',
      re_password: 'secret-pass',
      sms_code: t.lastCode('67123456'),
    });
    expect(registered.code).toBe(1);
    const row = await t.store.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', '67123456')
      .executeTakeFirstOrThrow();
    mobileId = Number(row.id);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const search = async (query: Record<string, unknown>) => {
    const answer = await adminCall(t, support.token, 'users', query);
    expect(answer.code).toBe(1);
    return {
      total: answer.data.total as number,
      ids: answer.data.data.map((u: { id: number }) => u.id) as number[],
    };
  };

  it.skipIf(skip)('finds a trader by part of the e-mail, any case', async () => {
    expect(await search({ query: 'JOHNXDOE@' })).toEqual({ total: 1, ids: [lookalike.id] });
    const detail = await adminCall(t, support.token, 'user', { id: lookalike.id });
    expect(detail).toMatchObject({
      code: 1,
      data: { user: { id: lookalike.id, email: 'johnxdoe@example.com', disabled: false } },
    });
  });

  it.skipIf(skip)('takes `_` and `%` typed in the search box as characters', async () => {
    expect(await search({ query: 'john_doe' })).toEqual({ total: 1, ids: [underscored.id] });
    expect(await search({ query: '100%off' })).toEqual({ total: 1, ids: [percent.id] });
  });

  it.skipIf(skip)('matches mobile numbers by their digits, however typed', async () => {
    expect(await search({ query: '6712 3456' })).toEqual({ total: 1, ids: [mobileId] });
    expect(await search({ query: '6712-3456' })).toEqual({ total: 1, ids: [mobileId] });
  });

  it.skipIf(skip)('does not match mobile numbers on the digits of an e-mail', async () => {
    // The 7 of this address is no reason to list every trader whose number has a 7.
    expect(await search({ query: 'ann7@example.com' })).toEqual({ total: 1, ids: [numbered.id] });
  });

  it.skipIf(skip)('filters demo accounts and pages newest first', async () => {
    const demo = await demoUser(t, 'search-demo-device');
    expect(await search({ is_demo: 1 })).toEqual({ total: 1, ids: [demo.user.id] });
    const real = await search({ is_demo: 0 });
    expect(real.ids).not.toContain(demo.user.id);
    expect(real.ids).toEqual([...real.ids].sort((a, b) => b - a));
    for (let i = 0; i < PAGE_SIZE; i++) {
      // New demo accounts are limited per address and hour.
      if (i === PAGE_SIZE / 2) t.clock.advance(61 * 60_000);
      await demoUser(t, `search-demo-${i}`);
    }
    const page1 = await search({ is_demo: 1, page: 1 });
    const page2 = await search({ is_demo: 1, page: 2 });
    expect([page1.total, page1.ids.length, page2.ids.length]).toEqual([
      PAGE_SIZE + 1,
      PAGE_SIZE,
      1,
    ]);
    expect(page2.ids).toEqual([demo.user.id]);
    expect((await adminCall(t, support.token, 'user', { id: 999_999 })).code).toBe(
      code.NOT_FOUND.code,
    );
  });
});
