import { RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  createOperator,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { demoUser, logInAs, startTestApp, type TestApp } from '../../testing/test-app.ts';

const code = RESULT_CODES;

/** A trader disabled by an operator: every session ends, login is refused, until enabled. */
describe.each(DIALECTS)('trader disable on $name', ({ name, skip }) => {
  let t: TestApp;
  let support: TestOperator;
  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    support = await createOperator(t, 'support');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const info = (token: string) => t.call('GET', '/api/user/info', {}, { authorization: token });
  const login = (account: string, password: string) =>
    t.call('POST', '/api/user/loginForU', { account, password });

  it.skipIf(skip)('ends every session and refuses login until enabled again', async () => {
    const trader = await registerTrader(t, 'to-disable@example.com');
    const second = await logInAs(t, trader.email);
    const bystander = await registerTrader(t, 'bystander@example.com');
    expect([(await info(trader.token)).code, (await info(second)).code]).toEqual([1, 1]);

    const disabled = await adminCall(t, support.token, 'disableUser', { id: trader.id });
    expect(disabled).toMatchObject({ code: 1, data: { id: trader.id, disabled: true } });
    expect([(await info(trader.token)).code, (await info(second)).code]).toEqual([
      code.INVALID_SESSION.code,
      code.INVALID_SESSION.code,
    ]);
    // Told only to whoever knows the password.
    expect((await login(trader.email, trader.password)).code).toBe(code.ACCOUNT_DISABLED.code);
    expect((await login(trader.email, 'wrong-guess')).code).toBe(code.LOGIN_FAILED.code);
    // Other traders are untouched.
    expect((await info(bystander.token)).code).toBe(1);
    const detail = await adminCall(t, support.token, 'user', { id: trader.id });
    expect(detail.data.user).toMatchObject({ id: trader.id, disabled: true });
    const listed = await adminCall(t, support.token, 'users', { query: 'to-disable' });
    expect(listed.data).toMatchObject({ total: 1, data: [{ id: trader.id, disabled: true }] });

    const enabled = await adminCall(t, support.token, 'enableUser', { id: trader.id });
    expect(enabled).toMatchObject({ code: 1, data: { id: trader.id, disabled: false } });
    const again = await login(trader.email, trader.password);
    expect(again.code).toBe(1);
    expect((await info(again.data.token)).code).toBe(1);
    // The sessions that were ended stay ended.
    expect([(await info(trader.token)).code, (await info(second)).code]).toEqual([
      code.INVALID_SESSION.code,
      code.INVALID_SESSION.code,
    ]);
  });

  it.skipIf(skip)("refuses a disabled demo account's device its session", async () => {
    const demo = await demoUser(t, 'disabled-demo-device');
    expect((await adminCall(t, support.token, 'disableUser', { id: demo.user.id })).code).toBe(1);
    expect((await info(demo.token)).code).toBe(code.INVALID_SESSION.code);
    const answer = await t.call('GET', '/api/user/createAccountDemoForU', {
      demo_id: 'disabled-demo-device',
    });
    expect(answer.code).toBe(code.ACCOUNT_DISABLED.code);
  });

  it.skipIf(skip)('answers NOT_FOUND for a trader that does not exist', async () => {
    expect((await adminCall(t, support.token, 'disableUser', { id: 999_999 })).code).toBe(
      code.NOT_FOUND.code,
    );
    expect((await adminCall(t, support.token, 'enableUser', { id: 999_999 })).code).toBe(
      code.NOT_FOUND.code,
    );
  });
});
