import { RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../testing/captchas.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  adminLogin,
  createOperator,
  logInOperator,
  otpNow,
} from '../../testing/operators.ts';
import { skipRedis } from '../../testing/redis.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;
const code = RESULT_CODES;

/**
 * Operator login limits and two-factor changes on two nodes of one PostgreSQL database that
 * count in one Redis (issue 24, items 2 and 8): failures on one node make the other ask for
 * a captcha, a captcha from one node is answered on the other, and a session ended by a
 * two-factor change on one node is refused by both.
 */
describe.skipIf(postgres.skip || skipRedis)('operator security on two nodes', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    cluster = await startTestNodes(2, { redisLimits: true });
    a = cluster.asTestApp(0);
    b = cluster.asTestApp(1);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('asks for a captcha on both nodes after failures spread over them, never locks', async () => {
    const support = await createOperator(a, 'support');
    const wrong = { account: support.email, password: 'wrong-guess' };
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await adminLogin(i % 2 ? b : a, wrong)).code);
    const FAILED = code.ADMIN_LOGIN_FAILED.code;
    const CAPTCHA_REQUIRED = code.CAPTCHA_REQUIRED.code;
    expect(answers).toEqual([FAILED, FAILED, FAILED, ...Array(3).fill(CAPTCHA_REQUIRED)]);
    const right = { account: support.email, password: support.password };
    expect((await adminLogin(a, right)).code).toBe(CAPTCHA_REQUIRED);
    // A captcha drawn from one node is answered on the other.
    const loggedIn = await adminLogin(b, { ...right, ...(await solvedCaptcha(a)) });
    expect(loggedIn.code).toBe(1);
    expect((await adminCall(a, loggedIn.data.token, 'me')).code).toBe(1);
  });

  it('ends on both nodes the sessions a two-factor enrolment on one ends', async () => {
    const support = await createOperator(a, 'support');
    const onA = await logInOperator(a, support.email, support.password);
    const onB = await logInOperator(b, support.email, support.password);
    expect((await adminCall(b, onB, 'me')).code).toBe(1);
    const setup = await adminCall(a, onA, 'otpSetup', { password: support.password });
    const enabled = await adminCall(a, onA, 'otpEnable', {
      otp: await otpNow(a, setup.data.secret),
    });
    expect(enabled.code).toBe(1);
    for (const node of [a, b]) {
      expect((await adminCall(node, onB, 'me')).code).toBe(code.INVALID_SESSION.code);
      expect((await adminCall(node, onA, 'me')).code).toBe(1);
    }
  });

  it('ends on both nodes every session of an operator whose two-factor the owner resets', async () => {
    const owner = await createOperator(a, 'owner');
    const support = await createOperator(b, 'support');
    const setup = await adminCall(b, support.token, 'otpSetup', {
      password: support.password,
    });
    const secret = setup.data.secret as string;
    expect(
      (await adminCall(b, support.token, 'otpEnable', { otp: await otpNow(b, secret) })).code,
    ).toBe(1);
    expect((await adminCall(a, support.token, 'me')).code).toBe(1);
    expect((await adminCall(a, owner.token, 'resetOperatorOtp', { id: support.id })).code).toBe(1);
    for (const node of [a, b])
      expect((await adminCall(node, support.token, 'me')).code).toBe(code.INVALID_SESSION.code);
  });
});
