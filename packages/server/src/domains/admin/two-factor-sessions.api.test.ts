import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  adminLogin,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  logInOperator,
  otpNow,
  type TestOperator,
  wrongOtp,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const code = RESULT_CODES;
const INVALID_SESSION = code.INVALID_SESSION.code;

/**
 * A change of an operator's two-factor ends the sessions made before it (issue 24, item 8):
 * a session opened with a stolen password alone must not outlive the enrolment that would
 * have stopped it, nor a reset. The session that made the change stays; a reset by the owner
 * ends all of the target's.
 */
describe.each(DIALECTS)('two-factor changes and sessions on $name', ({ name, skip }) => {
  let t: TestApp;
  let owner: TestOperator;
  let support: TestOperator;
  beforeEach(async () => {
    if (skip) return;
    t = await startTestApp(name);
    owner = await createOperator(t, 'owner');
    support = await createOperator(t, 'support');
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  /** Whether a session is still served: `me` and a call of the operator's role. */
  async function works(token: string): Promise<boolean> {
    const me = await adminCall(t, token, 'me');
    const users = await adminCall(t, token, 'users');
    expect(users.code).toBe(me.code);
    return me.code === 1;
  }

  /** A refused session answers the envelope of an ended session, as after a logout. */
  async function expectEnded(token: string): Promise<void> {
    const answer = await adminCall(t, token, 'me');
    expect(answer).toMatchObject({
      code: INVALID_SESSION,
      msg: 'Your session has expired, please log in again',
      data: null,
      status: 200,
    });
  }

  /** Enrols `support` from the session `token`; the secret. */
  async function enrol(token: string): Promise<string> {
    const setup = await adminCall(t, token, 'otpSetup', { password: support.password });
    expect(setup.code).toBe(1);
    const enabled = await adminCall(t, token, 'otpEnable', {
      otp: await otpNow(t, setup.data.secret),
    });
    expect(enabled.code).toBe(1);
    return setup.data.secret as string;
  }

  /** A session of `support` through the real login, with a code of the next time step. */
  async function logInWithCode(secret: string): Promise<string> {
    t.clock.advance(30_000);
    const answer = await adminLogin(t, {
      account: support.email,
      password: support.password,
      otp: await otpNow(t, secret),
    });
    expect(answer.code).toBe(1);
    return answer.data.token as string;
  }

  it.skipIf(skip)(
    'ends the other sessions when TOTP is enrolled, not the enrolling one',
    async () => {
      const a = await logInOperator(t, support.email, support.password);
      const b = await logInOperator(t, support.email, support.password);
      const ownersBefore = await logInOperator(t, owner.email, owner.password);
      expect(await works(b)).toBe(true);
      // Starting enrolment changes nothing yet; a wrong code neither.
      const setup = await adminCall(t, a, 'otpSetup', { password: support.password });
      const refused = await adminCall(t, a, 'otpEnable', {
        otp: await wrongOtp(t, setup.data.secret),
      });
      expect(refused.code).toBe(code.ADMIN_OTP_INVALID.code);
      expect(await works(b)).toBe(true);

      const enabled = await adminCall(t, a, 'otpEnable', {
        otp: await otpNow(t, setup.data.secret),
      });
      expect(enabled.code).toBe(1);
      await expectEnded(b);
      await expectEnded(support.token);
      expect((await adminCall(t, b, 'users')).code).toBe(INVALID_SESSION);
      expect(await works(a)).toBe(true);
      expect((await adminCall(t, a, 'me')).data.otp_enabled).toBe(true);
      // Another operator's sessions are not touched.
      expect(await works(ownersBefore)).toBe(true);
      expect(await works(owner.token)).toBe(true);
    },
  );

  it.skipIf(skip)(
    'turns two-factor off only with a current code, ending the other sessions',
    async () => {
      const secret = await enrol(support.token);
      const a = await logInWithCode(secret);
      const b = await logInWithCode(secret);
      const auditBefore = await lastAuditId(t);

      // A session alone cannot drop the second factor.
      expect((await adminCall(t, a, 'otpDisable', {})).code).toBe(code.INCOMPLETE.code);
      const wrong = await adminCall(t, a, 'otpDisable', { otp: await wrongOtp(t, secret) });
      expect(wrong.code).toBe(code.ADMIN_OTP_INVALID.code);
      expect(await works(b)).toBe(true);
      expect((await adminCall(t, a, 'me')).data.otp_enabled).toBe(true);
      // The login of this time step already took its code: it cannot be used again here.
      expect((await adminCall(t, a, 'otpDisable', { otp: await otpNow(t, secret) })).code).toBe(
        code.ADMIN_OTP_INVALID.code,
      );

      t.clock.advance(30_000);
      const disabled = await adminCall(t, a, 'otpDisable', { otp: await otpNow(t, secret) });
      expect(disabled.code).toBe(1);
      await expectEnded(b);
      await expectEnded(support.token);
      expect(await works(a)).toBe(true);
      expect((await adminCall(t, a, 'me')).data.otp_enabled).toBe(false);
      expect(await works(owner.token)).toBe(true);
      const rows = await auditRowsAfter(t, auditBefore);
      expect(rows.map((r) => [r.action, r.admin_id, r.target_id])).toEqual([
        ['operator.otp_disable', support.id, String(support.id)],
      ]);
      // The password alone logs in again.
      const next = await adminLogin(t, { account: support.email, password: support.password });
      expect(next.code).toBe(1);
    },
  );

  it.skipIf(skip)('limits wrong codes when turning two-factor off', async () => {
    const secret = await enrol(support.token);
    t.clock.advance(30_000);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await adminCall(t, support.token, 'otpDisable', { otp: await wrongOtp(t, secret) })).code,
      );
    expect(answers).toEqual([
      ...Array(5).fill(code.ADMIN_OTP_INVALID.code),
      code.RATE_LIMITED.code,
    ]);
    // Even the right code waits for the window's end.
    const right = { otp: await otpNow(t, secret) };
    expect((await adminCall(t, support.token, 'otpDisable', right)).code).toBe(
      code.RATE_LIMITED.code,
    );
    t.clock.advance(10 * 60_000);
    expect(
      (await adminCall(t, support.token, 'otpDisable', { otp: await otpNow(t, secret) })).code,
    ).toBe(1);
  });

  it.skipIf(skip)(
    'ends every session of an operator whose two-factor the owner resets',
    async () => {
      const secret = await enrol(support.token);
      const a = await logInWithCode(secret);
      const b = await logInWithCode(secret);
      const auditBefore = await lastAuditId(t);

      // Not one's own (that takes a code, otpDisable), and owners only.
      expect((await adminCall(t, owner.token, 'resetOperatorOtp', { id: owner.id })).code).toBe(
        code.ADMIN_NOT_SELF.code,
      );
      expect((await adminCall(t, a, 'resetOperatorOtp', { id: support.id })).code).toBe(
        code.ADMIN_FORBIDDEN.code,
      );
      expect(await works(a)).toBe(true);

      const reset = await adminCall(t, owner.token, 'resetOperatorOtp', { id: support.id });
      expect(reset).toMatchObject({ code: 1, data: { id: support.id, otp_enabled: false } });
      await expectEnded(a);
      await expectEnded(b);
      await expectEnded(support.token);
      expect(await works(owner.token)).toBe(true);
      const rows = await auditRowsAfter(t, auditBefore);
      expect(rows.map((r) => [r.action, r.admin_id, r.target_id])).toEqual([
        ['operator.otp_reset', owner.id, String(support.id)],
      ]);
      // The password alone logs in now, and the operator may enrol a new phone.
      const fresh = await adminLogin(t, { account: support.email, password: support.password });
      expect(fresh.code).toBe(1);
      expect((await adminCall(t, fresh.data.token, 'me')).data.otp_enabled).toBe(false);
      // Nothing left to reset: nothing changes, no session ends, nothing is audited.
      const again = await adminCall(t, owner.token, 'resetOperatorOtp', { id: support.id });
      expect(again).toMatchObject({ code: 1, data: { otp_enabled: false } });
      expect(await works(fresh.data.token)).toBe(true);
      // (The login above is audited; the second reset is not.)
      expect((await auditRowsAfter(t, auditBefore)).map((r) => r.action)).toEqual([
        'operator.otp_reset',
        'operator.login',
      ]);
    },
  );
});
