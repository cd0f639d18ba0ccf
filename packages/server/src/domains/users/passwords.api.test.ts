import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { logInAs, registerByEmail, startTestApp, type TestApp } from '../../testing/test-app.ts';

describe.each(DIALECTS)('password change and reset on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) {
      t = await startTestApp(name);
      await registerByEmail(t, 'jo@example.com', 'first-pass');
      t.clock.advance(61_000);
    }
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'changes the password with the current one and revokes every session',
    async () => {
      const a = await logInAs(t, 'jo@example.com', 'first-pass');
      const b = await logInAs(t, 'jo@example.com', 'first-pass');
      const wrong = await t.call(
        'POST',
        '/api/user/amend_password',
        { type: 1, auth_code: 'not-it', new_password: 'second-pass' },
        { authorization: a },
      );
      expect(wrong.code).toBe(1019);
      expect((await t.call('GET', '/api/user/info', {}, { authorization: a })).code).toBe(1);
      const changed = await t.call(
        'POST',
        '/api/user/amend_password',
        {
          type: 1,
          auth_code: 'first-pass',
          new_password: 'second-pass',
          re_password: 'second-pass',
        },
        { authorization: a },
      );
      expect(changed).toMatchObject({ code: 1, msg: 'Password changed, please log in again' });
      expect((await t.call('GET', '/api/user/info', {}, { authorization: a })).code).toBe(999);
      expect((await t.call('GET', '/api/user/info', {}, { authorization: b })).code).toBe(999);
      expect(
        (
          await t.call('POST', '/api/user/loginForU', {
            account: 'jo@example.com',
            password: 'first-pass',
          })
        ).code,
      ).toBe(1014);
      expect(
        (
          await t.call('POST', '/api/user/loginForU', {
            account: 'jo@example.com',
            password: 'second-pass',
          })
        ).code,
      ).toBe(1);
    },
  );

  it.skipIf(skip)('changes the password with a code sent to the account', async () => {
    const token = await logInAs(t, 'jo@example.com', 'first-pass');
    await t.call('POST', '/api/notify/send_email', { to: 'jo@example.com', type: 2 });
    const changed = await t.call(
      'POST',
      '/api/user/amend_password',
      { type: 2, auth_code: t.lastCode('jo@example.com'), new_password: 'third-pass' },
      { authorization: token },
    );
    expect(changed.code).toBe(1);
    expect(
      (
        await t.call('POST', '/api/user/loginForU', {
          account: 'jo@example.com',
          password: 'third-pass',
        })
      ).code,
    ).toBe(1);
  });

  it.skipIf(skip)('refuses password change to demo accounts and visitors', async () => {
    const demo = await t.call('GET', '/api/user/createAccountDemoForU', {
      demo_id: 'demo-device-123',
    });
    const refused = await t.call(
      'POST',
      '/api/user/amend_password',
      { type: 1, auth_code: 'x', new_password: 'second-pass' },
      { authorization: demo.data.token },
    );
    expect(refused).toMatchObject({
      code: 1016,
      msg: 'Please register or log in to a real account',
    });
    expect(
      (
        await t.call('POST', '/api/user/amend_password', {
          type: 1,
          auth_code: 'x',
          new_password: 'y',
        })
      ).code,
    ).toBe(999);
  });

  it.skipIf(skip)('resets a forgotten password with a code and ends every session', async () => {
    const token = await logInAs(t, 'jo@example.com', 'first-pass');
    // An unknown account is answered as a known one (nothing is sent to it).
    const unknown = await t.call('POST', '/api/notify/send_email', {
      to: 'nobody@example.com',
      type: 2,
    });
    expect(unknown).toMatchObject({ code: 1, msg: 'The verification code has been sent' });
    expect(t.outbox().filter((l) => l.to === 'nobody@example.com')).toEqual([]);
    await t.call('POST', '/api/notify/send_email', { to: 'jo@example.com', type: 2 });
    const code = t.lastCode('jo@example.com');
    const differ = await t.call('POST', '/api/user/forget_password', {
      type: 'email',
      account: 'jo@example.com',
      new_password: 'new-pass-1',
      secondary_password: 'new-pass-2',
      auth_code: code,
    });
    expect(differ.code).toBe(1002);
    const reset = await t.call('POST', '/api/user/forget_password', {
      type: 'email',
      account: 'jo@example.com',
      new_password: 'new-pass-1',
      secondary_password: 'new-pass-1',
      auth_code: code,
    });
    expect(reset.code).toBe(1);
    expect((await t.call('GET', '/api/user/info', {}, { authorization: token })).code).toBe(999);
    expect(
      (
        await t.call('POST', '/api/user/loginForU', {
          account: 'jo@example.com',
          password: 'new-pass-1',
        })
      ).code,
    ).toBe(1);
    // The code is spent.
    const replay = await t.call('POST', '/api/user/forget_password', {
      type: 'email',
      account: 'jo@example.com',
      new_password: 'new-pass-3',
      secondary_password: 'new-pass-3',
      auth_code: code,
    });
    expect(replay.code).toBe(1010);
  });

  it.skipIf(skip)('a register code cannot reset a password', async () => {
    await t.call('POST', '/api/notify/send_email', { to: 'kim@example.com', type: 1 });
    const registerCode = t.lastCode('kim@example.com');
    await registerByEmail(t, 'kim2@example.com');
    const reset = await t.call('POST', '/api/user/forget_password', {
      type: 'email',
      account: 'kim2@example.com',
      new_password: 'new-pass-1',
      secondary_password: 'new-pass-1',
      auth_code: registerCode,
    });
    expect(reset.code).toBe(1010);
  });
});
