import { RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  createOperator,
  logInOperator,
  otpNow,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const code = RESULT_CODES;

/**
 * Issue 36 item 11: a stolen operator session alone could enrol two-factor (otp/setup and
 * otp/enable asked for no password) and so lock the real operator out, the only owner
 * included. Enrolment now starts with the current password, refused and limited as a password
 * change's wrong current password is; and a new password must differ from the current one.
 */
describe.each(DIALECTS)('steps that take the operator password on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** What the operator's row holds of two-factor. */
  async function twoFactorOf(operator: TestOperator) {
    const row = await t.store.db
      .selectFrom('operators')
      .select(['otp_secret', 'otp_pending_secret'])
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    return { enrolled: row.otp_secret !== null, pending: row.otp_pending_secret !== null };
  }

  it.skipIf(skip)('starts two-factor enrolment only with the current password', async () => {
    const owner = await createOperator(t, 'owner');
    // The thief's session: the password is what it lacks.
    const stolen = await logInOperator(t, owner.email, owner.password);
    const nothing = { enrolled: false, pending: false };

    const bare = await adminCall(t, stolen, 'otpSetup');
    expect(bare).toMatchObject({ code: code.INCOMPLETE.code, data: null });
    const guessed = await adminCall(t, stolen, 'otpSetup', { password: 'a-guess-of-it' });
    expect(guessed).toMatchObject({
      code: code.OLD_PASSWORD_WRONG.code,
      msg: 'The current password is wrong',
      data: null,
    });
    expect(await twoFactorOf(owner)).toEqual(nothing);
    // No setup passed, so there is no secret for a code to turn on.
    const enabled = await adminCall(t, stolen, 'otpEnable', { otp: '123456' });
    expect(enabled.code).toBe(code.ADMIN_OTP_INVALID.code);
    expect(await twoFactorOf(owner)).toEqual(nothing);

    const setup = await adminCall(t, owner.token, 'otpSetup', { password: owner.password });
    expect(setup.code).toBe(1);
    expect(setup.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(await twoFactorOf(owner)).toEqual({ enrolled: false, pending: true });
    const otp = await otpNow(t, setup.data.secret);
    expect((await adminCall(t, owner.token, 'otpEnable', { otp })).code).toBe(1);
    expect(await twoFactorOf(owner)).toEqual({ enrolled: true, pending: false });
  });

  it.skipIf(skip)(
    'limits wrong passwords at enrolment with those of password changes',
    async () => {
      const support = await createOperator(t, 'support');
      const answers: number[] = [];
      // Five wrong ones in all (the rule for wrong current passwords), on either call.
      for (let i = 0; i < 3; i++)
        answers.push((await adminCall(t, support.token, 'otpSetup', { password: `no-${i}` })).code);
      for (let i = 0; i < 2; i++) {
        const change = { old_password: `no-${i}`, password: 'a-new-password-1' };
        answers.push((await adminCall(t, support.token, 'changePassword', change)).code);
      }
      expect(answers).toEqual(Array(5).fill(code.OLD_PASSWORD_WRONG.code));
      // Then not even the right one is judged until the window passes.
      const right = await adminCall(t, support.token, 'otpSetup', { password: support.password });
      expect(right.code).toBe(code.RATE_LIMITED.code);
      expect(await twoFactorOf(support)).toEqual({ enrolled: false, pending: false });
    },
  );

  it.skipIf(skip)('refuses a new password that is the current one', async () => {
    const finance = await createOperator(t, 'finance');
    const other = await logInOperator(t, finance.email, finance.password);
    const same = { old_password: finance.password, password: finance.password };
    const unchanged = await adminCall(t, finance.token, 'changePassword', same);
    expect(unchanged).toMatchObject({
      code: code.ADMIN_PASSWORD_UNCHANGED.code,
      msg: 'The new password must be different from the current one',
      data: null,
    });
    expect(code.ADMIN_PASSWORD_UNCHANGED.code).toBe(4011);
    // Refused, it changed nothing: the other session lives, the password still logs in.
    expect((await adminCall(t, other, 'me')).code).toBe(1);
    await logInOperator(t, finance.email, finance.password);
    // A wrong current password is told first: the refusal says nothing of the new one.
    const guess = { old_password: 'not-it', password: finance.password };
    expect((await adminCall(t, finance.token, 'changePassword', guess)).code).toBe(
      code.OLD_PASSWORD_WRONG.code,
    );

    const changed = { old_password: finance.password, password: 'a-different-one-7' };
    expect((await adminCall(t, finance.token, 'changePassword', changed)).code).toBe(1);
    expect((await adminCall(t, other, 'me')).code).toBe(code.INVALID_SESSION.code);
    await logInOperator(t, finance.email, 'a-different-one-7');
  });
});
