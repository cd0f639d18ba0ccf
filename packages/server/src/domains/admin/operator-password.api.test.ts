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
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const code = RESULT_CODES;
const NEW_PASSWORD = 'a-new-pass-2026';

/**
 * An operator changes their own password (the start-up banner asks the owner to): the current
 * password is checked by the login's hasher and limited when wrong, the new one follows the
 * rules of a first password, the other sessions end, this one stays, and the audit log says so.
 */
describe.each(DIALECTS)("an operator's password change on $name", ({ name, skip }) => {
  let t: TestApp;
  let support: TestOperator;
  beforeEach(async () => {
    if (skip) return;
    t = await startTestApp(name);
    support = await createOperator(t, 'support');
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const loginCode = async (password: string) =>
    (await adminLogin(t, { account: support.email, password })).code;

  it.skipIf(skip)('refuses a wrong current password and changes nothing', async () => {
    const other = await logInOperator(t, support.email, support.password);
    const before = await lastAuditId(t);
    const answer = await adminCall(t, support.token, 'changePassword', {
      old_password: 'not-my-password',
      password: NEW_PASSWORD,
    });
    expect(answer.code).toBe(code.OLD_PASSWORD_WRONG.code);
    expect(await loginCode(NEW_PASSWORD)).toBe(code.ADMIN_LOGIN_FAILED.code);
    expect(await loginCode(support.password)).toBe(1);
    expect((await adminCall(t, other, 'me')).code).toBe(1);
    expect(await auditRowsAfter(t, before)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ action: 'operator.password_change' })]),
    );
  });

  it.skipIf(skip)('refuses a new password a new operator could not have', async () => {
    for (const [password, refusal] of [
      ['short', code.ADMIN_PASSWORD_TOO_SHORT.code],
      // Eleven characters: a trader's password, not an operator's (issue 37).
      ['eleven-char', code.ADMIN_PASSWORD_TOO_SHORT.code],
      ['p'.repeat(65), code.PASSWORD_WEAK.code],
    ] as const) {
      const answer = await adminCall(t, support.token, 'changePassword', {
        old_password: support.password,
        password,
      });
      expect(answer.code, password).toBe(refusal);
    }
    expect(await loginCode(support.password)).toBe(1);
  });

  it.skipIf(skip)(
    'changes it: the new one logs in, the old one does not, other sessions end, this one stays, audited',
    async () => {
      const other = await logInOperator(t, support.email, support.password);
      const before = await lastAuditId(t);
      const answer = await adminCall(
        t,
        support.token,
        'changePassword',
        { old_password: support.password, password: NEW_PASSWORD },
        { ip: '203.0.113.7' },
      );
      expect(answer).toMatchObject({ code: 1, data: null });
      expect((await adminCall(t, support.token, 'me')).code).toBe(1);
      expect((await adminCall(t, other, 'me')).code).toBe(code.INVALID_SESSION.code);
      const rows = await auditRowsAfter(t, before);
      const change = rows.find((r) => r.action === 'operator.password_change');
      expect(change).toMatchObject({
        admin_id: support.id,
        admin_email: support.email,
        target_type: 'operator',
        target_id: String(support.id),
        ip: '203.0.113.7',
        before: null,
        after: null,
      });
      expect(await loginCode(support.password)).toBe(code.ADMIN_LOGIN_FAILED.code);
      expect(await loginCode(NEW_PASSWORD)).toBe(1);
    },
  );

  it.skipIf(skip)('locks after five wrong current passwords, the right one too', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await adminCall(t, support.token, 'changePassword', {
        old_password: `wrong-${i}`,
        password: NEW_PASSWORD,
      });
      expect(wrong.code).toBe(code.OLD_PASSWORD_WRONG.code);
    }
    const locked = await adminCall(t, support.token, 'changePassword', {
      old_password: support.password,
      password: NEW_PASSWORD,
    });
    expect(locked.code).toBe(code.RATE_LIMITED.code);
    expect(await loginCode(support.password)).toBe(1);
    t.clock.advance(15 * 60_000 + 1);
    const later = await adminCall(t, support.token, 'changePassword', {
      old_password: support.password,
      password: NEW_PASSWORD,
    });
    expect(later.code).toBe(1);
  });
});
