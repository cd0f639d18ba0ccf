import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createOperatorSessions,
  OPERATOR_SESSION_TTL_MS,
} from '../../platform/operators/operator-sessions.ts';
import { solvedCaptcha } from '../../testing/captchas.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  adminLogin,
  createOperator,
  otpNow,
  registerTrader,
  type TestOperator,
  wrongOtp,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { testImage, uploadImage } from '../../testing/uploads.ts';

const code = RESULT_CODES;

/**
 * Operator login (issue 10): its own failures, disabled operators, TOTP enrolment and codes
 * that work once, sessions that end on logout or after a working day. Its limits are in
 * admin-login-limits.api.test.ts.
 */
describe.each(DIALECTS)('operator login on $name', ({ name, skip }) => {
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

  const right = () => ({ account: support.email, password: support.password });
  const wrong = (n = 0) => ({ account: support.email, password: `wrong-guess-${n}` });

  it.skipIf(skip)('refuses a wrong password and an unknown operator alike (4002)', async () => {
    expect(await adminLogin(t, wrong())).toMatchObject({
      code: code.ADMIN_LOGIN_FAILED.code,
      data: null,
    });
    const unknown = await adminLogin(t, { account: 'nobody@example.com', password: 'whatever' });
    expect(unknown.code).toBe(code.ADMIN_LOGIN_FAILED.code);
    expect(unknown.msg).toBe((await adminLogin(t, wrong(1))).msg);
    // The e-mail is compared without case and surrounding spaces.
    const loggedIn = await adminLogin(t, {
      account: `  ${support.email.toUpperCase()} `,
      password: support.password,
    });
    expect(loggedIn).toMatchObject({
      code: 1,
      data: {
        token: expect.any(String),
        admin: { id: support.id, email: support.email, role: 'support' },
        otp_setup_required: false,
      },
    });
    const me = await adminCall(t, loggedIn.data.token, 'me');
    expect(me.data).toMatchObject({ id: support.id, role: 'support', otp_enabled: false });
  });

  it.skipIf(skip)(
    'tells a disabled operator so only with the right password, and ends its sessions',
    async () => {
      const disabled = await adminCall(t, owner.token, 'disableOperator', { id: support.id });
      expect(disabled).toMatchObject({ code: 1, data: { disabled: true } });
      expect((await adminCall(t, support.token, 'me')).code).toBe(code.INVALID_SESSION.code);
      expect((await adminCall(t, support.token, 'users')).code).toBe(code.INVALID_SESSION.code);
      expect((await adminLogin(t, wrong())).code).toBe(code.ADMIN_LOGIN_FAILED.code);
      // Not a failed guess: six in a row from one address are each told the same.
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) answers.push((await adminLogin(t, right(), '10.62.0.1')).code);
      expect(answers).toEqual(Array(6).fill(code.ADMIN_DISABLED.code));
      // A session that outlived the disable (started straight in the store) is refused too:
      // the operator is read on each call.
      const survivor = await createOperatorSessions(t.store.db).start(
        support.id,
        null,
        t.clock.now,
      );
      expect((await adminCall(t, survivor, 'me')).code).toBe(code.INVALID_SESSION.code);
    },
  );

  it.skipIf(skip)(
    'enrols TOTP, then asks for a code at each login and takes each once',
    async () => {
      const setup = await adminCall(t, support.token, 'otpSetup', {
        password: support.password,
      });
      expect(setup).toMatchObject({
        code: 1,
        data: {
          secret: expect.stringMatching(/^[A-Z2-7]{16,}=*$/),
          otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\//),
          qr: expect.stringMatching(/^data:image\/png;base64,/),
        },
      });
      const { secret, otpauth_url: otpauthUrl, qr } = setup.data;
      expect(otpauthUrl).toContain(`secret=${secret}`);
      const png = Buffer.from(qr.slice('data:image/png;base64,'.length), 'base64');
      expect(png.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
      // Not enrolled until a code proves the app has the secret.
      expect((await adminCall(t, support.token, 'me')).data.otp_enabled).toBe(false);
      expect((await adminLogin(t, right())).code).toBe(1);
      const refused = await adminCall(t, support.token, 'otpEnable', {
        otp: await wrongOtp(t, secret),
      });
      expect(refused.code).toBe(code.ADMIN_OTP_INVALID.code);
      expect((await adminCall(t, support.token, 'me')).data.otp_enabled).toBe(false);

      const enrolCode = await otpNow(t, secret);
      expect((await adminCall(t, support.token, 'otpEnable', { otp: enrolCode })).code).toBe(1);
      expect((await adminCall(t, support.token, 'me')).data.otp_enabled).toBe(true);
      // An enrolled second factor is not replaced from a session, the password given or not.
      const again = await adminCall(t, support.token, 'otpSetup', { password: support.password });
      expect(again.code).toBe(code.ADMIN_FORBIDDEN.code);
      expect((await adminCall(t, support.token, 'otpEnable', { otp: enrolCode })).code).toBe(
        code.ADMIN_FORBIDDEN.code,
      );

      expect((await adminLogin(t, right())).code).toBe(code.ADMIN_OTP_REQUIRED.code);
      expect((await adminLogin(t, { ...wrong(), otp: enrolCode })).code).toBe(
        code.ADMIN_LOGIN_FAILED.code,
      );
      expect((await adminLogin(t, { ...right(), otp: await wrongOtp(t, secret) })).code).toBe(
        code.ADMIN_OTP_INVALID.code,
      );
      // The code that enrolled is used up.
      expect((await adminLogin(t, { ...right(), otp: enrolCode })).code).toBe(
        code.ADMIN_OTP_INVALID.code,
      );
      t.clock.advance(30_000);
      const loginCode = await otpNow(t, secret);
      expect(loginCode).not.toBe(enrolCode);
      // Three failures above (a wrong password, two refused codes): a captcha is asked for too.
      expect((await adminLogin(t, { ...right(), otp: loginCode })).code).toBe(
        code.CAPTCHA_REQUIRED.code,
      );
      const loggedIn = await adminLogin(t, {
        ...right(),
        otp: loginCode,
        ...(await solvedCaptcha(t)),
      });
      expect(loggedIn).toMatchObject({ code: 1, data: { admin: { id: support.id } } });
      expect((await adminCall(t, loggedIn.data.token, 'me')).code).toBe(1);
      // Replayed, from anywhere, within its window: refused.
      expect((await adminLogin(t, { ...right(), otp: loginCode })).code).toBe(
        code.ADMIN_OTP_INVALID.code,
      );
      // An older code, still inside the tolerance, is no way around it either.
      expect((await adminLogin(t, { ...right(), otp: await otpNow(t, secret, -30) })).code).toBe(
        code.ADMIN_OTP_INVALID.code,
      );
      t.clock.advance(30_000);
      expect((await adminLogin(t, { ...right(), otp: await otpNow(t, secret) })).code).toBe(1);
    },
  );

  it.skipIf(skip)('ends a session on logout, and only that one', async () => {
    const other = (await adminLogin(t, right())).data.token as string;
    expect((await adminCall(t, support.token, 'logout')).code).toBe(1);
    expect((await adminCall(t, support.token, 'me')).code).toBe(code.INVALID_SESSION.code);
    expect((await adminCall(t, support.token, 'logout')).code).toBe(code.INVALID_SESSION.code);
    expect((await adminCall(t, other, 'me')).code).toBe(1);
  });

  it.skipIf(skip)('ends a session after a working day', async () => {
    t.clock.advance(OPERATOR_SESSION_TTL_MS - 1000);
    expect((await adminCall(t, support.token, 'me')).code).toBe(1);
    t.clock.advance(1000);
    expect((await adminCall(t, support.token, 'me')).code).toBe(code.INVALID_SESSION.code);
  });
});

describe.each(DIALECTS)('mandatory two-factor (ADMIN_REQUIRE_2FA) on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeEach(async () => {
    if (!skip) t = await startTestApp(name, { ADMIN_REQUIRE_2FA: 'true' });
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('lets a fresh operator only enrol until it has', async () => {
    const support = await createOperator(t, 'support');
    const login = await adminLogin(t, { account: support.email, password: support.password });
    expect(login).toMatchObject({ code: 1, data: { otp_setup_required: true } });
    expect((await adminCall(t, support.token, 'me')).data).toMatchObject({
      otp_enabled: false,
      otp_setup_required: true,
    });
    expect((await adminCall(t, support.token, 'users')).code).toBe(
      code.ADMIN_2FA_SETUP_REQUIRED.code,
    );
    expect((await adminCall(t, support.token, 'disableUser', { id: 1 })).code).toBe(
      code.ADMIN_2FA_SETUP_REQUIRED.code,
    );
    // Logout is open; it ends that session only.
    expect((await adminCall(t, login.data.token, 'logout')).code).toBe(1);
    expect((await adminCall(t, login.data.token, 'me')).code).toBe(code.INVALID_SESSION.code);

    const setup = await adminCall(t, support.token, 'otpSetup', {
      password: support.password,
    });
    expect(setup.code).toBe(1);
    expect((await adminCall(t, support.token, 'users')).code).toBe(
      code.ADMIN_2FA_SETUP_REQUIRED.code,
    );
    const enrolled = await adminCall(t, support.token, 'otpEnable', {
      otp: await otpNow(t, setup.data.secret),
    });
    expect(enrolled.code).toBe(1);
    // The same session may now work.
    expect((await adminCall(t, support.token, 'users')).code).toBe(1);
    expect((await adminCall(t, support.token, 'me')).data).toMatchObject({
      otp_enabled: true,
      otp_setup_required: false,
    });
    t.clock.advance(30_000);
    const next = await adminLogin(t, {
      account: support.email,
      password: support.password,
      otp: await otpNow(t, setup.data.secret),
    });
    expect(next).toMatchObject({ code: 1, data: { otp_setup_required: false } });
  });

  it.skipIf(skip)("keeps traders' documents from an operator that has not enrolled", async () => {
    const trader = await registerTrader(t, 'documents@example.com');
    const upload = await uploadImage(t.app, trader.token, await testImage());
    expect(upload.code).toBe(1);
    // Submitted as an identity document: compliance's to read (issue 24, item 9).
    const back = await uploadImage(t.app, trader.token, await testImage('jpeg'));
    const submitted = await t.call(
      'POST',
      '/api/user_real/real_name',
      {
        name: 'Dana Documents',
        card_id: 'P1234567',
        front_pic: upload.data.url,
        reverse_pic: back.data.url,
      },
      { authorization: trader.token },
    );
    expect(submitted.code).toBe(1);
    const compliance = await createOperator(t, 'compliance');
    const read = (token: string) =>
      t.app.inject({ method: 'GET', url: upload.data.url, headers: { authorization: token } });
    expect((await adminCall(t, compliance.token, 'identities')).code).toBe(
      code.ADMIN_2FA_SETUP_REQUIRED.code,
    );
    // A password alone opens nothing else, so it must not open ID documents either.
    // Refused in the envelope, as a missing file is (refusals answer HTTP 200 with a code).
    const before = await read(compliance.token);
    expect(String(before.headers['content-type'])).not.toMatch(/^image\//);
    expect(before.json().code).toBe(404);

    const setup = await adminCall(t, compliance.token, 'otpSetup', {
      password: compliance.password,
    });
    const otp = await otpNow(t, setup.data.secret);
    expect((await adminCall(t, compliance.token, 'otpEnable', { otp })).code).toBe(1);
    const after = await read(compliance.token);
    expect(after.statusCode).toBe(200);
    expect(String(after.headers['content-type'])).toMatch(/^image\//);
  });
});
