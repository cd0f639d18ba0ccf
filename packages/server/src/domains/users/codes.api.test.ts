import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/http/app-error.ts';
import { createMemoryRateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { sha256 } from '../../platform/security/tokens.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { areaIdOf } from '../settings/index.ts';
import { createCaptchaService } from './captcha.service.ts';
import { createCodesService } from './codes.service.ts';
import { destinationKey } from './contacts.ts';

describe.each(DIALECTS)('verification codes on $name', ({ name, skip }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(skip)('sends one code per destination per 60 s, then another', async () => {
    t = await startTestApp(name);
    expect(
      (await t.call('POST', '/api/notify/send_email', { to: 'a@example.com', type: 1 })).code,
    ).toBe(1);
    const soon = await t.call('POST', '/api/notify/send_email', { to: 'A@example.com', type: 1 });
    expect(soon.code).toBe(1011);
    expect(soon.msg).toBe('A code was just sent, please try again in 60 s');
    // The wait in figures too: the send button counts down exactly that.
    expect(soon.data).toEqual({ seconds: 60 });
    t.clock.advance(45_000);
    const later = await t.call('POST', '/api/notify/send_email', { to: 'a@example.com', type: 1 });
    expect(later.msg).toMatch(/in 15 s/);
    expect(later.data).toEqual({ seconds: 15 });
    t.clock.advance(15_000);
    expect(
      (await t.call('POST', '/api/notify/send_email', { to: 'a@example.com', type: 1 })).code,
    ).toBe(1);
    expect(t.outbox()).toHaveLength(2);
    // The newest code is the one that counts.
    const [first, second] = t.outbox();
    const form = {
      type: 'email',
      account: 'a@example.com',
      password: 'secret-pass',
      re_password: 'secret-pass',
    };
    if (first!.code !== second!.code) {
      expect(
        (await t.call('POST', '/api/user/register', { ...form, sms_code: first!.code })).code,
      ).toBe(1010);
    }
    expect(
      (await t.call('POST', '/api/user/register', { ...form, sms_code: second!.code })).code,
    ).toBe(1);
  });

  it.skipIf(skip)('sends a single code when the same destination asks twice at once', async () => {
    t = await startTestApp(name);
    const app = t;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        app.call('POST', '/api/notify/send_email', { to: 'b@example.com', type: 1 }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(app.outbox()).toHaveLength(1);
  });

  it.skipIf(skip)('limits codes per IP address, and a refused send writes nothing', async () => {
    t = await startTestApp(name);
    for (let i = 0; i < 20; i++) {
      expect(
        (await t.call('POST', '/api/notify/send_email', { to: `p${i}@example.com`, type: 1 })).code,
      ).toBe(1);
    }
    const refused = await t.call('POST', '/api/notify/send_email', {
      to: 'p20@example.com',
      type: 1,
    });
    expect(refused.code).toBe(1015);
    expect(t.outbox()).toHaveLength(20);
    const rows = await t.store.db.selectFrom('verification_codes').select('id').execute();
    expect(rows).toHaveLength(20);
  });

  it.skipIf(skip)('limits codes per IP address when sends race', async () => {
    t = await startTestApp(name);
    const app = t;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        app.call('POST', '/api/notify/send_email', { to: `q${i}@example.com`, type: 1 }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(20);
    expect(answers.filter((a) => a.code === 1015)).toHaveLength(5);
    expect(app.outbox()).toHaveLength(20);
  });

  it.skipIf(skip)('locks a destination after five wrong codes', async () => {
    t = await startTestApp(name);
    await t.call('POST', '/api/notify/send_email', { to: 'c@example.com', type: 1 });
    const code = t.lastCode('c@example.com');
    const form = {
      type: 'email',
      account: 'c@example.com',
      password: 'secret-pass',
      re_password: 'secret-pass',
    };
    const wrong = code === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await t.call('POST', '/api/user/register', { ...form, sms_code: wrong })).code).toBe(
        1010,
      );
    expect((await t.call('POST', '/api/user/register', { ...form, sms_code: code })).code).toBe(
      1015,
    );
  });

  it.skipIf(skip)(
    'locks after five wrong codes or captcha answers even when they race',
    async () => {
      t = await startTestApp(name);
      const app = t;
      // The services themselves, outside a transaction: through the endpoints the guesses
      // seldom overlap (on SQLite each registration's transaction runs alone); here they do,
      // as they may across PostgreSQL connections or server nodes.
      const sent: string[] = [];
      const deps = {
        db: app.store.db,
        limiter: createMemoryRateLimiter(() => app.clock.now),
        now: () => app.clock.now,
      };
      const codes = createCodesService({
        ...deps,
        notifier: { sendCode: async (message) => void sent.push(message.code) },
      });
      const captcha = createCaptchaService(deps);
      const destination = destinationKey('email', 'd@example.com');
      await codes.send({
        channel: 'email',
        destination,
        to: 'd@example.com',
        purpose: 'register',
        ip: '192.0.2.1',
        language: 'en',
      });
      const wrong = sent[0] === '999999' ? '000000' : '999999';
      const key = 'race-captcha';
      await app.store.db
        .insertInto('captchas')
        .values({
          key,
          answer_hash: sha256(`${key}|abcd`),
          expires_at: app.clock.now + 60_000,
          consumed_at: null,
        })
        .execute();
      const refusals = (attempts: Promise<void>[]) =>
        Promise.allSettled(attempts).then((settled) =>
          settled.map((s) => (s.status === 'rejected' ? (s.reason as AppError).result : 'OK')),
        );
      const codeAnswers = await refusals(
        Array.from({ length: 12 }, () =>
          codes.consume({ destination, purpose: 'register', code: wrong }),
        ),
      );
      expect(codeAnswers.filter((a) => a === 'CODE_INVALID')).toHaveLength(5);
      expect(codeAnswers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(7);
      // The right answer comes behind eleven wrong ones: only five of those may be tried.
      const captchaAnswers = await refusals(
        Array.from({ length: 12 }, (_, i) => captcha.consume(key, i === 11 ? 'abcd' : 'zzzz')),
      );
      expect(captchaAnswers).toEqual(Array(12).fill('CAPTCHA_INVALID'));
      const unused = await app.store.db
        .selectFrom('captchas')
        .select('consumed_at')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(unused.consumed_at).toBeNull();
    },
  );

  it.skipIf(skip)('refuses malformed destinations', async () => {
    t = await startTestApp(name);
    expect(
      (await t.call('POST', '/api/notify/send_email', { to: 'not-an-email', type: 1 })).code,
    ).toBe(1004);
    expect(
      (await t.call('POST', '/api/notify/send_email', { to: 'a@example.com', type: 7 })).code,
    ).toBe(1000);
    expect(
      (await t.call('POST', '/api/notify/send_sms', { to: '12', area_id: areaIdOf('HK'), type: 1 }))
        .code,
    ).toBe(1005);
    expect((await t.call('POST', '/api/notify/send_sms', { to: '61234567', type: 1 })).code).toBe(
      1001,
    );
    expect(
      (await t.call('POST', '/api/notify/send_sms', { to: '61234567', area_id: 9999, type: 1 }))
        .code,
    ).toBe(1006);
    expect(t.outbox()).toHaveLength(0);
  });

  it.skipIf(skip)('registers with a captcha when verify_reg_type is 2', async () => {
    t = await startTestApp(name);
    await t.store.db
      .updateTable('settings')
      .set({ value: '2' })
      .where('key', '=', 'verify_reg_type')
      .execute();
    const captcha = await t.call('GET', '/api/captcha');
    expect(captcha.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(captcha.data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    const form = {
      type: 'email',
      account: 'cap@example.com',
      password: 'secret-pass',
      re_password: 'secret-pass',
      key: captcha.data.key,
    };
    expect((await t.call('POST', '/api/user/register', { ...form, sms_code: 'wrong' })).code).toBe(
      1012,
    );
    // The answer is only in the image; read it back the way a person would not: from the store's hash.
    const row = await t.store.db
      .selectFrom('captchas')
      .select('answer_hash')
      .where('key', '=', captcha.data.key)
      .executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
    let answer = '';
    for (const a of alphabet)
      for (const b of alphabet)
        for (const c of alphabet)
          for (const d of alphabet) {
            if (answer) break;
            const guess = a + b + c + d;
            if (
              createHash('sha256').update(`${captcha.data.key}|${guess}`).digest('hex') ===
              row.answer_hash
            )
              answer = guess;
          }
    expect(answer).toHaveLength(4);
    expect(
      (await t.call('POST', '/api/user/register', { ...form, sms_code: answer.toUpperCase() }))
        .code,
    ).toBe(1);
    // Single use.
    expect(
      (
        await t.call('POST', '/api/user/register', {
          ...form,
          account: 'cap2@example.com',
          sms_code: answer,
        })
      ).code,
    ).toBe(1012);
  });
});

describe('e-mail through SMTP_URL', () => {
  it('delivers the code to a real SMTP server, in the language of the request', async () => {
    const received: { to: string; body: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const t = await startTestApp('sqlite', {
      SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    });
    try {
      const sent = await t.call(
        'POST',
        '/api/notify/send_email',
        { to: 'mail@example.com', type: 1 },
        { lang: 'fr' },
      );
      expect(sent.code).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toBe('mail@example.com');
      const code = /\b(\d{6})\b/.exec(received[0]!.body)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      // With SMTP configured the code is not written to the outbox.
      expect(t.outbox()).toHaveLength(0);
      const registered = await t.call('POST', '/api/user/register', {
        type: 'email',
        account: 'mail@example.com',
        password: 'secret-pass',
        re_password: 'secret-pass',
        sms_code: code,
      });
      expect(registered.code).toBe(1);
    } finally {
      await t.close();
      server.close();
    }
  });
});
