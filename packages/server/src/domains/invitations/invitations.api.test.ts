import { PAGE_SIZE } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import {
  demoUser,
  logInAs,
  registerByEmail,
  startTestApp,
  type TestApp,
} from '../../testing/test-app.ts';
import { testImage, uploadImage } from '../../testing/uploads.ts';
import { areaIdOf } from '../settings/index.ts';

/**
 * GET /api/user/invite_list through the real endpoints: the people who registered with my
 * code and nobody else's, masked, with registration time and whether their identity is
 * approved; paged; refused to demo accounts (1016) and visitors (999).
 */
describe.each(DIALECTS)('invite list on $name', ({ name, skip }) => {
  let t: TestApp;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const inviteList = (token: string | undefined, page = 1) =>
    t.call('GET', '/api/user/invite_list', { page }, token ? { authorization: token } : {});
  const codeOf = async (token: string) =>
    (await t.call('GET', '/api/user/info', {}, { authorization: token })).data
      .invite_code as string;

  it.skipIf(skip)(
    'lists only my invitees, masked, newest first, with the verified flag',
    async () => {
      const inviter = await registerTrader(t, 'inviter@example.com');
      const other = await registerTrader(t, 'other-inviter@example.com');
      const code = await codeOf(inviter.token);
      expect((await inviteList(inviter.token)).data).toEqual({ data: [], total: 0 });

      expect(
        (await registerByEmail(t, 'alice@example.com', 'secret-pass', { invite_code: code })).code,
      ).toBe(1);
      t.clock.advance(60_000);
      // By mobile, with the code in lower case as a link may carry it.
      const hk = areaIdOf('HK');
      await t.call('POST', '/api/notify/send_sms', { to: '91234567', area_id: hk, type: 1 });
      const byMobile = await t.call('POST', '/api/user/register', {
        type: 'mobile',
        area_id: hk,
        account: '91234567',
        password: 'secret-pass',
        re_password: 'secret-pass',
        sms_code: t.lastCode('91234567'),
        invite_code: code.toLowerCase(),
      });
      expect(byMobile.code).toBe(1);
      // Someone else's invitee never shows in my list.
      await registerByEmail(t, 'carol@example.com', 'secret-pass', {
        invite_code: await codeOf(other.token),
      });

      // Alice's identity approved by compliance: she shows as verified.
      const alice = await logInAs(t, 'alice@example.com');
      const picture = async (format: 'jpeg' | 'png') =>
        (await uploadImage(t.app, alice, await testImage(format))).data.url as string;
      const submitted = await t.call(
        'POST',
        '/api/user_real/real_name',
        {
          name: 'Alice Wong',
          card_id: 'A7654321',
          front_pic: await picture('jpeg'),
          reverse_pic: await picture('png'),
        },
        { authorization: alice },
      );
      expect(submitted.code).toBe(1);
      const aliceId = (await t.call('GET', '/api/user/info', {}, { authorization: alice })).data.id;
      const compliance = await createOperator(t, 'compliance');
      expect((await adminCall(t, compliance.token, 'approveIdentity', { id: aliceId })).code).toBe(
        1,
      );

      const answer = await inviteList(inviter.token);
      expect(answer.code).toBe(1);
      expect(answer.data.total).toBe(2);
      expect(answer.data.data).toEqual([
        { contact: '+852 9******7', created_at: '2026-11-02 12:01:00', verified: 0 },
        { contact: 'a***@***.com', created_at: '2026-11-02 12:00:00', verified: 1 },
      ]);
      expect(JSON.stringify(answer.data)).not.toMatch(/alice|carol|91234567/);

      const others = await inviteList(other.token);
      expect(others.data.data.map((r: { contact: string }) => r.contact)).toEqual(['c***@***.com']);
    },
  );

  it.skipIf(skip)('pages by PAGE_SIZE', async () => {
    const inviter = await registerTrader(t, 'big-inviter@example.com');
    const count = PAGE_SIZE + 3;
    // Inserted directly: registering this many through the endpoint meets the per-address limits.
    for (let i = 0; i < count; i += 1) {
      await t.store.db
        .insertInto('users')
        .values({
          uid: `9${String(i).padStart(7, '0')}`,
          email: `friend${String(i).padStart(2, '0')}@example.com`,
          invite_code: `PG${String(i).padStart(4, '0')}`,
          inviter_id: inviter.id,
          is_demo: 0,
          credit_score: 100,
          created_at: t.clock.now + i * 1000,
        })
        .execute();
    }
    const first = await inviteList(inviter.token, 1);
    const second = await inviteList(inviter.token, 2);
    expect(first.data.total).toBe(count);
    expect(first.data.data).toHaveLength(PAGE_SIZE);
    expect(second.data.data).toHaveLength(3);
    // Newest first across pages, no row twice.
    const times = [...first.data.data, ...second.data.data].map(
      (r: { created_at: string }) => r.created_at,
    );
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(times).size).toBe(count);
    expect((await inviteList(inviter.token, 3)).data.data).toEqual([]);
    expect((await inviteList(inviter.token, 0)).code).not.toBe(1);
  });

  it.skipIf(skip)('refuses demo accounts (1016) and visitors (999)', async () => {
    const demo = await demoUser(t, 'invite-demo-device-01');
    expect((await inviteList(demo.token)).code).toBe(1016);
    expect((await inviteList(undefined)).code).toBe(999);
    expect((await inviteList('not-a-token')).code).toBe(999);
  });
});
