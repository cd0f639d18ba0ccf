import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { logInAs, registerByEmail, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { areaIdOf } from '../settings/index.ts';

describe.each(DIALECTS)('registration and login on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('registers by e-mail with the code from the outbox, then logs in', async () => {
    const registered = await registerByEmail(t, 'Ada@Example.com');
    expect(registered).toMatchObject({
      code: 1,
      msg: 'Registration successful, please log in',
      data: null,
    });
    expect(t.outbox()).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'Ada@Example.com',
        purpose: 'register',
        code: expect.stringMatching(/^\d{6}$/),
      }),
    ]);
    // No session from registration: the user logs in.
    const login = await t.call('POST', '/api/user/loginForU', {
      account: 'ada@example.com',
      password: 'secret-pass',
    });
    expect(login.code).toBe(1);
    expect(login.data.token).toMatch(/^[\w-]{43}$/);
    expect(login.data.user).toMatchObject({
      email: 'ada@example.com',
      is_demo: 0,
      credit_score: 100,
      uid: expect.stringMatching(/^\d{8}$/),
      invite_code: expect.stringMatching(/^[A-Z2-9]{6}$/),
    });
    const info = await t.call('GET', '/api/user/info', {}, { authorization: login.data.token });
    expect(info.data).toEqual(login.data.user);
  });

  it.skipIf(skip)(
    'refuses missing fields, differing passwords and short passwords, creating nothing',
    async () => {
      const missing = await t.call('POST', '/api/user/register', {
        type: 'email',
        account: 'a@b.co',
        password: 'secret-pass',
      });
      expect(missing).toMatchObject({ code: 1001, msg: 'Please complete' });
      const differ = await t.call('POST', '/api/user/register', {
        type: 'email',
        account: 'a@b.co',
        password: 'secret-pass',
        re_password: 'other-pass',
        sms_code: '123456',
      });
      expect(differ).toMatchObject({ code: 1002, msg: 'Password inconsistency' });
      const short = await t.call('POST', '/api/user/register', {
        type: 'email',
        account: 'a@b.co',
        password: 'abc',
        re_password: 'abc',
        sms_code: '123456',
      });
      expect(short.code).toBe(1003);
      const users = await t.store.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(0);
    },
  );

  it.skipIf(skip)('refuses a wrong or expired code and leaves a right one usable', async () => {
    await t.call('POST', '/api/notify/send_email', { to: 'bo@example.com', type: 1 });
    const code = t.lastCode('bo@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const form = {
      type: 'email',
      account: 'bo@example.com',
      password: 'secret-pass',
      re_password: 'secret-pass',
    };
    expect((await t.call('POST', '/api/user/register', { ...form, sms_code: wrong })).code).toBe(
      1010,
    );
    expect((await t.call('POST', '/api/user/register', { ...form, sms_code: code })).code).toBe(1);

    await t.call('POST', '/api/notify/send_email', { to: 'cy@example.com', type: 1 });
    const late = t.lastCode('cy@example.com');
    t.clock.advance(10 * 60_000 + 1);
    const expired = await t.call('POST', '/api/user/register', {
      ...form,
      account: 'cy@example.com',
      sms_code: late,
    });
    expect(expired).toMatchObject({
      code: 1010,
      msg: 'The verification code is wrong or has expired',
    });
  });

  it.skipIf(skip)('uses a code once, even when two registrations race with it', async () => {
    await t.call('POST', '/api/notify/send_email', { to: 'race@example.com', type: 1 });
    const form = {
      type: 'email',
      account: 'race@example.com',
      password: 'secret-pass',
      re_password: 'secret-pass',
      sms_code: t.lastCode('race@example.com'),
    };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => t.call('POST', '/api/user/register', form)),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const users = await t.store.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it.skipIf(skip)(
    'refuses an account that is taken, at code sending and at registration',
    async () => {
      await registerByEmail(t, 'dee@example.com');
      const send = await t.call('POST', '/api/notify/send_email', {
        to: 'DEE@example.com',
        type: 1,
      });
      expect(send).toMatchObject({ code: 1008, msg: 'This account is already registered' });
    },
  );

  it.skipIf(skip)('links the inviter by invite code and refuses an unknown one', async () => {
    await registerByEmail(t, 'inviter@example.com');
    const inviterToken = await logInAs(t, 'inviter@example.com');
    const inviter = (await t.call('GET', '/api/user/info', {}, { authorization: inviterToken }))
      .data;
    const unknown = await registerByEmail(t, 'guest@example.com', 'secret-pass', {
      invite_code: 'ZZZZZZ',
    });
    expect(unknown.code).toBe(1013);
    t.clock.advance(61_000);
    const invited = await registerByEmail(t, 'guest@example.com', 'secret-pass', {
      invite_code: inviter.invite_code.toLowerCase(),
    });
    expect(invited.code).toBe(1);
    const row = await t.store.db
      .selectFrom('users')
      .select('inviter_id')
      .where('email', '=', 'guest@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(row.inviter_id)).toBe(inviter.id);
  });

  it.skipIf(skip)(
    'registers by mobile with area code and logs in with or without the calling code',
    async () => {
      const hk = areaIdOf('HK');
      const sent = await t.call('POST', '/api/notify/send_sms', {
        to: '6123 4567',
        area_id: hk,
        type: 1,
      });
      expect(sent.code).toBe(1);
      expect(t.outbox().at(-1)).toMatchObject({
        channel: 'sms',
        to: '6123 4567',
        purpose: 'register',
      });
      const registered = await t.call('POST', '/api/user/register', {
        type: 'mobile',
        area_id: hk,
        account: '61234567',
        password: 'secret-pass',
        re_password: 'secret-pass',
        sms_code: t.lastCode('6123 4567'),
      });
      expect(registered.code).toBe(1);
      for (const account of ['61234567', '85261234567', '+852 6123 4567']) {
        const login = await t.call('POST', '/api/user/loginForU', {
          account,
          password: 'secret-pass',
        });
        expect(login.code, account).toBe(1);
        expect(login.data.user).toMatchObject({ mobile: '61234567', area_id: hk, email: null });
      }
    },
  );

  it.skipIf(skip)(
    'refuses the area codes of North Korea, Israel, China, Vanuatu and Cuba',
    async () => {
      for (const [code, number] of [
        ['KP', '1912345678'],
        ['IL', '501234567'],
        ['CN', '13812345678'],
        ['VU', '5912345'],
        ['CU', '51234567'],
      ] as const) {
        const sent = await t.call('POST', '/api/notify/send_sms', {
          to: number,
          area_id: areaIdOf(code),
          type: 1,
        });
        expect(sent, code).toMatchObject({ code: 1007 });
        const registered = await t.call('POST', '/api/user/register', {
          type: 'mobile',
          area_id: areaIdOf(code),
          account: number,
          password: 'secret-pass',
          re_password: 'secret-pass',
          sms_code: '000000',
        });
        expect(registered.code, code).toBe(1007);
      }
      expect(t.outbox()).toHaveLength(0);
    },
  );

  it.skipIf(skip)(
    'answers a wrong password and an unknown account alike, translated by lang',
    async () => {
      await registerByEmail(t, 'eve@example.com');
      const wrong = await t.call('POST', '/api/user/loginForU', {
        account: 'eve@example.com',
        password: 'nope-nope',
      });
      const unknown = await t.call('POST', '/api/user/loginForU', {
        account: 'nobody@example.com',
        password: 'nope-nope',
      });
      expect(wrong).toMatchObject({ code: 1014, msg: 'Wrong account or password', data: null });
      expect(unknown).toMatchObject({ code: 1014, msg: 'Wrong account or password' });
      const inGerman = await t.call(
        'POST',
        '/api/user/loginForU',
        { account: 'eve@example.com', password: 'x' },
        { lang: 'de' },
      );
      expect(inGerman.msg).not.toBe(wrong.msg);
      const byDefault = await t.call(
        'POST',
        '/api/user/loginForU',
        { account: 'eve@example.com', password: 'x' },
        { lang: '' },
      );
      expect(byDefault.msg).toBe('帳戶或密碼錯誤');
    },
  );

  it.skipIf(skip)(
    'asks for a captcha after three failed logins, and a refused login changes nothing',
    async () => {
      await registerByEmail(t, 'fay@example.com');
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await t.call('POST', '/api/user/loginForU', {
              account: 'fay@example.com',
              password: 'bad-guess',
            })
          ).code,
        ).toBe(1014);
      }
      const asked = await t.call('POST', '/api/user/loginForU', {
        account: 'fay@example.com',
        password: 'secret-pass',
      });
      expect(asked.code).toBe(1024);
      const sessions = await t.store.db.selectFrom('sessions').select('token_hash').execute();
      expect(sessions).toHaveLength(0);
      t.clock.advance(15 * 60_000 + 1);
      expect(
        (
          await t.call('POST', '/api/user/loginForU', {
            account: 'fay@example.com',
            password: 'secret-pass',
          })
        ).code,
      ).toBe(1);
    },
  );

  it.skipIf(skip)('checks three failed logins even when they race', async () => {
    await registerByEmail(t, 'gus@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call('POST', '/api/user/loginForU', {
          account: 'gus@example.com',
          password: 'bad-guess',
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 1014)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 1024)).toHaveLength(9);
    const right = await t.call('POST', '/api/user/loginForU', {
      account: 'gus@example.com',
      password: 'secret-pass',
    });
    expect(right.code).toBe(1024);
  });

  it.skipIf(skip)('limits login attempts per IP address across accounts', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t.call('POST', '/api/user/loginForU', {
          account: `u${i}@example.com`,
          password: 'whatever',
        })
      ).code;
    }
    expect(last).toBe(1015);
  });
});
