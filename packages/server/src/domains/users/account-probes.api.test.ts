import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { registerByEmail, startTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Whether an account exists must not be cheap to learn (issue 9, item 12): reset requests
 * answer the same for known and unknown accounts, and everything that could tell (register,
 * code requests, resets) is limited per address.
 */
describe.each(DIALECTS)('account probes on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (skip) return;
    t = await startTestApp(name);
    await registerByEmail(t, 'known@example.com');
    t.clock.advance(61_000);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const from = async (ip: string, url: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { lang: 'en' },
      payload,
    });
    return { status: response.statusCode, ...response.json() };
  };

  it.skipIf(skip)('answers reset requests the same for known and unknown accounts', async () => {
    const ask = (to: string) => from('10.2.0.1', '/api/notify/send_email', { to, type: 2 });
    const known = await ask('known@example.com');
    const unknown = await ask('nobody@example.com');
    expect(unknown).toEqual(known);
    expect(known).toMatchObject({ code: 1 });
    // Asked again at once, both are too soon, alike.
    const again = [await ask('known@example.com'), await ask('nobody@example.com')];
    expect(again[0]).toMatchObject({ code: 1011 });
    expect({ ...again[1], msg: '' }).toEqual({ ...again[0], msg: '' });
    expect(t.outbox().filter((l) => l.to === 'nobody@example.com')).toEqual([]);

    const reset = (account: string) =>
      from('10.2.0.1', '/api/user/forget_password', {
        type: 'email',
        account,
        new_password: 'new-pass-1',
        secondary_password: 'new-pass-1',
        auth_code: '123456',
      });
    expect(await reset('nobody@example.com')).toEqual(await reset('known@example.com'));
    expect((await reset('nobody@example.com')).code).toBe(1010);
  });

  it.skipIf(skip)('limits probes for accounts per address: 30 an hour', async () => {
    const probes = [
      (i: number) =>
        from('10.2.0.2', '/api/notify/send_email', { to: `p${i}@example.com`, type: 2 }),
      (i: number) =>
        from('10.2.0.2', '/api/user/register', {
          type: 'email',
          account: `p${i}@example.com`,
          password: 'secret-pass',
          re_password: 'secret-pass',
          sms_code: '123456',
        }),
      (i: number) =>
        from('10.2.0.2', '/api/user/forget_password', {
          type: 'email',
          account: `p${i}@example.com`,
          new_password: 'new-pass-1',
          secondary_password: 'new-pass-1',
          auth_code: '123456',
        }),
    ];
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push((await probes[i % 3]!(i)).code);
    expect(answers.filter((code) => code === 1015)).toHaveLength(170);
    expect(answers.slice(30).every((code) => code === 1015)).toBe(true);
    // Another address is not affected.
    expect(
      (await from('10.2.0.3', '/api/notify/send_email', { to: 'x@example.com', type: 1 })).code,
    ).toBe(1);
    // An hour later the address may ask again.
    t.clock.advance(60 * 60_000 + 1);
    expect((await probes[0]!(999)).code).toBe(1);
  });

  it.skipIf(skip)('sends 20 codes an hour from one address however many race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        from('10.2.0.4', '/api/notify/send_email', { to: `r${i}@example.com`, type: 1 }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(20);
    expect(answers.filter((a) => a.code === 1015)).toHaveLength(60);
    expect(t.outbox().filter((l) => l.to.startsWith('r'))).toHaveLength(20);
  });
});
