import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { registerByEmail, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { areaIdOf } from '../settings/index.ts';

/**
 * Login limits as an attacker meets them (issue 9, items 6, 7 and 11): keyed on the account
 * however its name is spelled, holding when attempts race, and never locking the owner out.
 */
describe.each(DIALECTS)('login limits on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  /** A login from an address of our choosing. */
  const loginFrom = async (ip: string, params: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      remoteAddress: ip,
      headers: { lang: 'en' },
      payload: params,
    });
    return { status: response.statusCode, ...response.json() };
  };

  /** A captcha whose answer the test knows (the image's text is never stored in clear). */
  async function knownCaptcha(key: string, answer: string): Promise<void> {
    await t.store.db
      .insertInto('captchas')
      .values({
        key,
        answer_hash: createHash('sha256').update(`${key}|${answer}`).digest('hex'),
        expires_at: t.clock.now + 60_000,
        consumed_at: null,
      })
      .execute();
  }

  async function registerMobile(): Promise<void> {
    const hk = areaIdOf('HK');
    await t.call('POST', '/api/notify/send_sms', { to: '61234567', area_id: hk, type: 1 });
    const registered = await t.call('POST', '/api/user/register', {
      type: 'mobile',
      area_id: hk,
      account: '61234567',
      password: 'secret-pass',
      re_password: 'secret-pass',
      sms_code: t.lastCode('61234567'),
    });
    expect(registered.code).toBe(1);
  }

  it.skipIf(skip)('counts every spelling of one mobile number as one account', async () => {
    await registerMobile();
    const spellings = [
      '61234567',
      '85261234567',
      '+852 6123 4567',
      '6123-4567',
      '(852) 6123 4567',
      '+852-6123-4567',
      '852 61234567',
      ' 6123 4567 ',
      '+85261234567',
      '6123 4567',
    ];
    const answers: number[] = [];
    for (const account of spellings)
      answers.push((await loginFrom('10.0.0.1', { account, password: 'wrong-guess' })).code);
    // Three failures of the account, however spelled, and a captcha is needed for a fourth.
    expect(answers).toEqual([...Array(3).fill(1014), ...Array(7).fill(1024)]);
  });

  it.skipIf(skip)('checks only three of 60 wrong passwords racing for one account', async () => {
    await registerByEmail(t, 'race@example.com');
    const hashedBefore = t.hasher.load().started;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        loginFrom('10.0.0.2', { account: 'race@example.com', password: 'wrong-guess' }),
      ),
    );
    expect(answers.filter((a) => a.code === 1014)).toHaveLength(3);
    // The rest were refused before any hash: a captcha needed, or the address's 30 attempts.
    expect(answers.filter((a) => a.code === 1024 || a.code === 1015)).toHaveLength(57);
    expect(t.hasher.load().started - hashedBefore).toBe(3);
  });

  it.skipIf(skip)(
    'locks the guessing address out, while the owner logs in with a captcha',
    async () => {
      await registerByEmail(t, 'owner@example.com');
      const owner = { account: 'owner@example.com', password: 'secret-pass' };
      for (let i = 0; i < 3; i++) {
        const guess = await loginFrom('10.0.0.3', { ...owner, password: `guess-${i}` });
        expect(guess.code).toBe(1014);
      }
      expect((await loginFrom('10.0.0.3', { ...owner, password: 'guess-3' })).code).toBe(1024);
      // Guessing on with solved captchas, one each, the address is locked out after ten.
      for (let i = 3; i < 10; i++) {
        await knownCaptcha(`captcha-attacker-${i}`, 'abcd');
        const guess = await loginFrom('10.0.0.3', {
          ...owner,
          password: `guess-${i}`,
          captcha_key: `captcha-attacker-${i}`,
          captcha_code: 'abcd',
        });
        expect(guess.code).toBe(1014);
      }
      await knownCaptcha('captcha-attacker-10', 'abcd');
      // Locked out, even with the right password and a captcha.
      const locked = await loginFrom('10.0.0.3', {
        ...owner,
        captcha_key: 'captcha-attacker-10',
        captcha_code: 'abcd',
      });
      expect(locked.code).toBe(1015);
      // The owner, elsewhere, is asked for a captcha rather than locked out.
      const asked = await loginFrom('10.0.0.4', owner);
      expect(asked).toMatchObject({
        code: 1024,
        msg: 'Too many failed attempts: please enter the characters in the picture',
      });
      await knownCaptcha('captcha-owner-1', 'k7wp');
      const wrongCaptcha = await loginFrom('10.0.0.4', {
        ...owner,
        captcha_key: 'captcha-owner-1',
        captcha_code: 'zzzz',
      });
      expect(wrongCaptcha.code).toBe(1012);
      // A captcha buys one attempt: a wrong password uses it up.
      await knownCaptcha('captcha-owner-2', 'q3rt');
      const withCaptcha = (key: string, answer: string, password = owner.password) =>
        loginFrom('10.0.0.4', { ...owner, password, captcha_key: key, captcha_code: answer });
      expect((await withCaptcha('captcha-owner-1', 'k7wp', 'guess-again')).code).toBe(1014);
      expect((await withCaptcha('captcha-owner-1', 'k7wp')).code).toBe(1012);
      const loggedIn = await withCaptcha('captcha-owner-2', 'Q3RT');
      expect(loggedIn).toMatchObject({ code: 1, data: { user: { email: 'owner@example.com' } } });
      // The owner's success clears the failures: no captcha next time.
      expect((await loginFrom('10.0.0.5', owner)).code).toBe(1);
    },
  );

  it.skipIf(skip)('asks for a captcha on unknown accounts exactly as on known ones', async () => {
    await registerByEmail(t, 'known@example.com');
    const answers = async (account: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await loginFrom(`10.1.0.${i}`, { account, password: 'wrong-guess' })).code);
      return codes;
    };
    const known = await answers('known@example.com');
    expect(known).toEqual([...Array(3).fill(1014), ...Array(4).fill(1024)]);
    expect(await answers('unknown@example.com')).toEqual(known);
  });

  it.skipIf(skip)('refuses an oversized account name before anything is counted', async () => {
    const huge = await loginFrom('10.0.0.6', {
      account: `${'a'.repeat(1_000_000)}@example.com`,
      password: 'x',
    });
    expect(huge).toMatchObject({ code: 1027, msg: 'account is too long: at most 254 characters' });
    const longPassword = await loginFrom('10.0.0.6', {
      account: 'a@example.com',
      password: 'p'.repeat(129),
    });
    expect(longPassword.code).toBe(1027);
  });
});
