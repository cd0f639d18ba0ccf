import fs from 'node:fs';
import path from 'node:path';
import { RESULT_CODES } from '@tradedesk/contract';
import { ADMIN_ROUTES, type AdminRouteName } from '@tradedesk/contract/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  adminLogin,
  createOperator,
  freshOperatorEmail,
  logInOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const code = RESULT_CODES;
const CHOSEN = 'owner-chosen-pass-2026';
/** What the owner on the generated password may still call. */
const OPEN = new Set<AdminRouteName>(['login', 'me', 'logout', 'changePassword']);

/** The e-mail and password the first start wrote to DATA_DIR/admin-credentials.txt. */
function generatedOwner(t: TestApp): { email: string; password: string } {
  const text = fs.readFileSync(path.join(t.dataDir, 'admin-credentials.txt'), 'utf8');
  return {
    email: /^email: (.+)$/m.exec(text)?.[1] ?? '',
    password: /^password: (.+)$/m.exec(text)?.[1] ?? '',
  };
}

/**
 * Issue 37, item 12: the owner whose password was generated at first start (shown on a
 * console, left in a file) must choose their own before anything else — every call but me,
 * logout and the change answers ADMIN_PASSWORD_CHANGE_REQUIRED; an owner set through
 * ADMIN_PASSWORD is not asked to. Every operator's password is at least 12 characters.
 */
describe.each(DIALECTS)("the first owner's password on $name", ({ name, skip }) => {
  let t: TestApp;
  const restarted: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    if (skip) return;
    for (const app of restarted.splice(0)) await app.close();
    await t.close();
  });

  /** Another start on the same store and data folder (a restart). */
  async function restart(env: Record<string, string> = {}): Promise<TestApp> {
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '12',
      WEB_DIST: path.join(t.dataDir, 'no-web'),
      ...env,
    });
    const built = withHandles(
      await buildApp({
        config,
        store: t.store,
        now: () => t.clock.now,
        logger: false,
        market: 'off',
      }),
    );
    await built.app.ready();
    restarted.push(built.app);
    return { ...t, app: built.app };
  }

  it.skipIf(skip)(
    'lets the generated owner only change the password, then everything',
    async () => {
      t = await startTestApp(name);
      const owner = generatedOwner(t);
      const login = await adminLogin(t, { account: owner.email, password: owner.password });
      expect(login).toMatchObject({ code: 1, data: { password_change_required: true } });
      const token = login.data.token as string;
      expect((await adminCall(t, token, 'me')).data).toMatchObject({
        role: 'owner',
        password_change_required: true,
      });

      // Every other call of the contract, whatever its parameters, answers the same code.
      for (const route of Object.keys(ADMIN_ROUTES) as AdminRouteName[]) {
        if (OPEN.has(route)) continue;
        const params = ADMIN_ROUTES[route].path.includes(':id') ? { id: 1 } : {};
        const answer = await adminCall(t, token, route, params);
        expect(answer.code, route).toBe(code.ADMIN_PASSWORD_CHANGE_REQUIRED.code);
      }
      const refused = await adminCall(t, token, 'users');
      expect(refused.msg).toBe(
        'Choose a new password first: the one generated at first start must be replaced',
      );

      // Too short a choice is refused, and changes nothing.
      const short = await adminCall(t, token, 'changePassword', {
        old_password: owner.password,
        password: 'eleven-char',
      });
      expect(short.code).toBe(code.ADMIN_PASSWORD_TOO_SHORT.code);
      expect(short.msg).toBe("An operator's password needs at least 12 characters");
      expect((await adminCall(t, token, 'users')).code).toBe(
        code.ADMIN_PASSWORD_CHANGE_REQUIRED.code,
      );

      const changed = await adminCall(t, token, 'changePassword', {
        old_password: owner.password,
        password: CHOSEN,
      });
      expect(changed.code).toBe(1);
      expect((await adminCall(t, token, 'me')).data.password_change_required).toBe(false);
      expect((await adminCall(t, token, 'users')).code).toBe(1);
      const next = await adminLogin(t, { account: owner.email, password: CHOSEN });
      expect(next.data.password_change_required).toBe(false);

      // A restart does not ask again: the generated password no longer opens the account.
      const after = await restart();
      expect((await adminCall(after, token, 'operators')).code).toBe(1);
    },
  );

  it.skipIf(skip)('does not ask an owner set through ADMIN_PASSWORD', async () => {
    t = await startTestApp(name, {
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'first-secret',
    });
    const login = await adminLogin(t, { account: 'boss@example.com', password: 'first-secret' });
    expect(login).toMatchObject({ code: 1, data: { password_change_required: false } });
    expect((await adminCall(t, login.data.token, 'users')).code).toBe(1);
    // Nor an operator the owner adds: they were given a password, not shown a generated one.
    const support = await createOperator(t, 'support');
    expect((await adminCall(t, support.token, 'complaints')).code).toBe(1);
  });

  it.skipIf(skip)(
    'asks an owner made before the rule who still has the generated password',
    async () => {
      t = await startTestApp(name);
      const owner = generatedOwner(t);
      // As a database from before migration 020 holds it: nobody flagged.
      await t.store.db.updateTable('operators').set({ password_change_required: 0 }).execute();
      const next = await restart();
      const token = await logInOperator(next, owner.email, owner.password);
      expect((await adminCall(next, token, 'users')).code).toBe(
        code.ADMIN_PASSWORD_CHANGE_REQUIRED.code,
      );
    },
  );

  it.skipIf(skip)('takes the password change before two-factor enrolment', async () => {
    t = await startTestApp(name, { ADMIN_REQUIRE_2FA: 'true' });
    const owner = generatedOwner(t);
    const token = await logInOperator(t, owner.email, owner.password);
    expect((await adminCall(t, token, 'otpSetup', { password: owner.password })).code).toBe(
      code.ADMIN_PASSWORD_CHANGE_REQUIRED.code,
    );
    const changed = await adminCall(t, token, 'changePassword', {
      old_password: owner.password,
      password: CHOSEN,
    });
    expect(changed.code).toBe(1);
    // Then enrolment, as for any operator when two-factor is mandatory.
    expect((await adminCall(t, token, 'users')).code).toBe(code.ADMIN_2FA_SETUP_REQUIRED.code);
    expect((await adminCall(t, token, 'otpSetup', { password: CHOSEN })).code).toBe(1);
  });

  it.skipIf(skip)("holds every new operator's password to 12 characters", async () => {
    t = await startTestApp(name, {
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'first-secret',
    });
    const token = await logInOperator(t, 'boss@example.com', 'first-secret');
    const add = (password: string) =>
      adminCall(t, token, 'createOperator', {
        email: freshOperatorEmail('finance'),
        password,
        role: 'finance',
      });
    const refused = await add('eleven-char');
    expect(refused.code).toBe(code.ADMIN_PASSWORD_TOO_SHORT.code);
    expect(refused.msg).toBe("An operator's password needs at least 12 characters");
    expect((await t.store.db.selectFrom('operators').select('id').execute()).length).toBe(1);
    // Twelve characters are enough; an emoji counts as one.
    expect((await add('twelve-chars')).code).toBe(1);
    expect((await add('eleven-char🔑')).code).toBe(1);
  });

  it.skipIf(skip)('says the rule in the language of the request', async () => {
    t = await startTestApp(name, {
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'first-secret',
    });
    const token = await logInOperator(t, 'boss@example.com', 'first-secret');
    const response = await t.app.inject({
      method: 'POST',
      url: ADMIN_ROUTES.createOperator.path,
      headers: { lang: 'de', authorization: token },
      payload: { email: freshOperatorEmail('support'), password: 'too-short', role: 'support' },
    });
    expect(response.json()).toMatchObject({
      code: code.ADMIN_PASSWORD_TOO_SHORT.code,
      msg: 'Das Passwort eines Operators muss mindestens 12 Zeichen lang sein',
    });
  });
});
