import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../platform/http/app-error.ts';
import { createPasswordHasher } from '../../platform/security/password-hasher.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { registerByEmail, startTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Password hashing is slow on purpose, so nobody may make the server hash for free (issue 9,
 * item 8): wrong codes are refused before any hash, and hashes wait in a bounded line.
 */
describe.each(DIALECTS)('password hashing on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const hashes = () => t.hasher.load().started;

  it.skipIf(skip)('hashes nothing for registrations and resets with a wrong code', async () => {
    await t.call('POST', '/api/notify/send_email', { to: 'new@example.com', type: 1 });
    await registerByEmail(t, 'old@example.com');
    t.clock.advance(61_000);
    await t.call('POST', '/api/notify/send_email', { to: 'old@example.com', type: 2 });
    const before = hashes();
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? t.call('POST', '/api/user/register', {
              type: 'email',
              account: 'new@example.com',
              password: 'secret-pass',
              re_password: 'secret-pass',
              sms_code: '000000',
            })
          : t.call('POST', '/api/user/forget_password', {
              type: 'email',
              account: 'old@example.com',
              new_password: 'other-pass',
              secondary_password: 'other-pass',
              auth_code: '000000',
            }),
      ),
    );
    // Five wrong codes lock each destination; none of the forty got as far as a hash.
    expect(new Set(attempts.map((a) => a.code))).toEqual(new Set([1010, 1015]));
    expect(hashes()).toBe(before);
    // The right code still works, and is what pays for the hash (an hour on: the address
    // asked too often about accounts too).
    t.clock.advance(60 * 60_000 + 1);
    expect((await registerByEmail(t, 'later@example.com')).code).toBe(1);
    expect(hashes()).toBe(before + 1);
  });
});

describe('the password hasher', () => {
  it('runs a bounded number of hashes and refuses beyond its waiting line', async () => {
    const hasher = createPasswordHasher({ cost: 10, concurrency: 1, maxWaiting: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => hasher.hash(`password-${i}`)),
    );
    const busy = results.filter(
      (r) => r.status === 'rejected' && isAppError(r.reason) && r.reason.result === 'SERVER_BUSY',
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(busy).toHaveLength(6);
    expect(hasher.load()).toEqual({ started: 4, active: 0, waiting: 0 });
  });

  it('checks an account without a password against a decoy, never accepting it', async () => {
    const hasher = createPasswordHasher({ cost: 10 });
    const stored = await hasher.hash('secret-pass');
    expect(await hasher.verify('secret-pass', stored)).toBe(true);
    expect(await hasher.verify('secret-pass', undefined)).toBe(false);
    expect(await hasher.verify('other', stored)).toBe(false);
  });
});
