import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { logInAs, registerByEmail, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { MAX_SESSIONS_PER_USER } from './sessions.service.ts';

describe.each(DIALECTS)('demo accounts and sessions on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'gives a device the same demo account every time, with a new session each time',
    async () => {
      const first = await t.call('GET', '/api/user/createAccountDemoForU', {
        demo_id: '6f1c2d3e-aaaa-4bbb-8ccc-0123456789ab',
      });
      const again = await t.call('GET', '/api/user/createAccountDemoForU', {
        demo_id: '6f1c2d3e-aaaa-4bbb-8ccc-0123456789ab',
      });
      const other = await t.call('GET', '/api/user/createAccountDemoForU', {
        demo_id: '00000000-1111-4222-8333-444444444444',
      });
      expect(first.code).toBe(1);
      expect(first.data.user).toMatchObject({ is_demo: 1, email: null });
      expect(again.data.user).toEqual(first.data.user);
      expect(again.data.token).not.toBe(first.data.token);
      expect(other.data.user.id).not.toBe(first.data.user.id);
      const info = await t.call('GET', '/api/user/info', {}, { authorization: first.data.token });
      expect(info.data.is_demo).toBe(1);
    },
  );

  it.skipIf(skip)('creates one demo account when a device asks many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call('GET', '/api/user/createAccountDemoForU', { demo_id: 'same-device-0001' }),
      ),
    );
    expect(new Set(answers.map((a) => a.data.user.id)).size).toBe(1);
    const users = await t.store.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it.skipIf(skip)('refuses a malformed demo id', async () => {
    expect((await t.call('GET', '/api/user/createAccountDemoForU', { demo_id: 'x' })).code).toBe(
      1000,
    );
    expect((await t.call('GET', '/api/user/createAccountDemoForU', {})).code).toBe(1001);
  });

  it.skipIf(skip)('answers 999 to a missing, unknown or revoked token', async () => {
    expect((await t.call('GET', '/api/user/info')).code).toBe(999);
    expect((await t.call('GET', '/api/user/info', {}, { authorization: 'not-a-token' })).code).toBe(
      999,
    );
    await registerByEmail(t, 'gil@example.com');
    const token = await logInAs(t, 'gil@example.com');
    const other = await logInAs(t, 'gil@example.com');
    expect(
      (await t.call('GET', '/api/user/info', {}, { authorization: `Bearer ${token}` })).code,
    ).toBe(1);
    const logout = await t.call('POST', '/api/user/logout', {}, { authorization: token });
    expect(logout).toMatchObject({ code: 1, msg: 'Logged out' });
    expect((await t.call('GET', '/api/user/info', {}, { authorization: token })).code).toBe(999);
    // Logging out ends that session only.
    expect((await t.call('GET', '/api/user/info', {}, { authorization: other })).code).toBe(1);
  });

  it.skipIf(skip)('stores only hashes of tokens', async () => {
    await registerByEmail(t, 'hal@example.com');
    const token = await logInAs(t, 'hal@example.com');
    const rows = await t.store.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const users = await t.store.db.selectFrom('users').select('password_hash').execute();
    expect(users[0]?.password_hash).toMatch(/^scrypt\$12\$/);
  });

  it.skipIf(skip)('expires sessions after 30 days', async () => {
    await registerByEmail(t, 'ivy@example.com');
    const token = await logInAs(t, 'ivy@example.com');
    t.clock.advance(30 * 24 * 3600_000 + 1);
    expect((await t.call('GET', '/api/user/info', {}, { authorization: token })).code).toBe(999);
  });

  it.skipIf(skip)('keeps ten sessions per user however often a device asks', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 300; i++) {
      const answer = await t.call('GET', '/api/user/createAccountDemoForU', {
        demo_id: 'busy-device-0001',
      });
      expect(answer.code).toBe(1);
      tokens.push(answer.data.token);
      if (i % 100 === 0) t.clock.advance(1000);
    }
    const rows = await t.store.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
    const works = async (token: string) =>
      (await t.call('GET', '/api/user/info', {}, { authorization: token })).code === 1;
    expect(await works(tokens.at(-1)!)).toBe(true);
    expect(await works(tokens[0]!)).toBe(false);
    // A login ends the oldest session of a real user the same way.
    await registerByEmail(t, 'many@example.com');
    const logins: string[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1);
      logins.push(await logInAs(t, 'many@example.com'));
    }
    const live = await Promise.all(logins.map(works));
    expect(live).toEqual([false, false, ...Array(10).fill(true)]);
  });

  it.skipIf(skip)(
    'creates 20 demo accounts an hour per address when 100 devices race',
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          t.call('GET', '/api/user/createAccountDemoForU', {
            demo_id: `racing-device-${String(i).padStart(4, '0')}`,
          }),
        ),
      );
      expect(answers.filter((a) => a.code === 1)).toHaveLength(20);
      expect(answers.filter((a) => a.code === 1015)).toHaveLength(80);
      const users = await t.store.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(20);
    },
  );
});
