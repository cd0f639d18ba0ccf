import fs from 'node:fs';
import path from 'node:path';
import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { toInt } from '../../platform/db/columns.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { adminCall, adminLogin } from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { BOOTSTRAP_EMAIL } from './operators.service.ts';

const code = RESULT_CODES;

/**
 * The owner start-up guarantees (issue 10): an empty database gets admin@localhost with a
 * password written once to DATA_DIR/admin-credentials.txt (0600); ADMIN_EMAIL/ADMIN_PASSWORD
 * make that owner exist with that password, on every start.
 */
describe.each(DIALECTS)('bootstrap owner on $name', ({ name, skip }) => {
  let t: TestApp;
  const restarted: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    if (skip) return;
    for (const app of restarted.splice(0)) await app.close();
    await t.close();
  });

  /** Another start of the app on the same store, data folder and clock (a restart). */
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

  const operatorRows = () =>
    t.store.db.selectFrom('operators').select(['id', 'email', 'role']).orderBy('id').execute();
  const auditActions = async () =>
    (
      await t.store.db
        .selectFrom('audit_log')
        .select(['admin_id', 'admin_email', 'role', 'action', 'target_id', 'ip'])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, admin_id: r.admin_id === null ? null : toInt(r.admin_id) }));

  /** The e-mail and password written to the credentials file. */
  function credentialsOf(file: string): { email: string; password: string } {
    const text = fs.readFileSync(file, 'utf8');
    const email = /^email: (.+)$/m.exec(text)?.[1];
    const password = /^password: (.+)$/m.exec(text)?.[1];
    if (!email || !password) throw new Error(`unreadable credentials file:\n${text}`);
    return { email, password };
  }

  it.skipIf(skip)(
    'creates admin@localhost on an empty database, its password in a 0600 file',
    async () => {
      t = await startTestApp(name);
      const rows = await operatorRows();
      expect(rows.map((r) => ({ email: r.email, role: r.role }))).toEqual([
        { email: BOOTSTRAP_EMAIL, role: 'owner' },
      ]);
      const file = path.join(t.dataDir, 'admin-credentials.txt');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const credentials = credentialsOf(file);
      expect(credentials.email).toBe(BOOTSTRAP_EMAIL);
      expect(credentials.password.length).toBeGreaterThanOrEqual(16);
      const login = await adminLogin(t, {
        account: credentials.email,
        password: credentials.password,
      });
      expect(login).toMatchObject({
        code: 1,
        data: { admin: { email: BOOTSTRAP_EMAIL, role: 'owner' } },
      });
      expect((await adminLogin(t, { account: BOOTSTRAP_EMAIL, password: 'admin' })).code).toBe(
        code.ADMIN_LOGIN_FAILED.code,
      );
      expect(await auditActions()).toEqual([
        {
          admin_id: null,
          admin_email: 'system',
          role: 'system',
          action: 'operator.create',
          target_id: String(toInt(rows[0]!.id)),
          ip: '',
        },
        // The owner's login; the refused one leaves no row.
        expect.objectContaining({ admin_email: BOOTSTRAP_EMAIL, action: 'operator.login' }),
      ]);

      // Once the owner chose a password of their own, the first one leaves the disk (issue 37).
      const owner = await adminLogin(t, {
        account: credentials.email,
        password: credentials.password,
      });
      const changed = await adminCall(t, owner.data.token, 'changePassword', {
        old_password: credentials.password,
        password: 'owner-chosen-pass-2026',
      });
      expect(changed.code).toBe(1);
      expect(fs.existsSync(file)).toBe(false);

      // A second start on the same database creates nobody and writes no file.
      const next = await restart();
      expect(await operatorRows()).toEqual(rows);
      expect(fs.existsSync(file)).toBe(false);
      // The login and the password change above; the restart wrote nothing.
      expect(await auditActions()).toHaveLength(4);
      const again = await adminLogin(next, {
        account: credentials.email,
        password: 'owner-chosen-pass-2026',
      });
      expect(again.code).toBe(1);
    },
  );

  it.skipIf(skip)('makes the configured owner exist with the configured password', async () => {
    t = await startTestApp(name, {
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'first-secret',
    });
    const rows = await operatorRows();
    expect(rows.map((r) => ({ email: r.email, role: r.role }))).toEqual([
      { email: 'boss@example.com', role: 'owner' },
    ]);
    expect(fs.existsSync(path.join(t.dataDir, 'admin-credentials.txt'))).toBe(false);
    const first = await adminLogin(t, { account: 'boss@example.com', password: 'first-secret' });
    expect(first).toMatchObject({ code: 1, data: { admin: { role: 'owner' } } });
    const ownerId = first.data.admin.id as number;

    const next = await restart({
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'second-secret',
    });
    expect(await operatorRows()).toEqual(rows);
    const old = await adminLogin(next, { account: 'boss@example.com', password: 'first-secret' });
    expect(old.code).toBe(code.ADMIN_LOGIN_FAILED.code);
    const fresh = await adminLogin(next, {
      account: 'boss@example.com',
      password: 'second-secret',
    });
    expect(fresh).toMatchObject({ code: 1, data: { admin: { id: ownerId } } });
    const actions = await auditActions();
    // The password's replacement, then the login with the new one.
    expect(actions.at(-1)).toMatchObject({ action: 'operator.login', admin_id: ownerId });
    expect(actions.at(-2)).toEqual({
      admin_id: null,
      admin_email: 'system',
      role: 'system',
      action: 'operator.password_from_config',
      target_id: String(ownerId),
      ip: '',
    });

    // The same configuration again changes nothing.
    const third = await restart({
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'second-secret',
    });
    expect(await auditActions()).toEqual(actions);
    const stillFresh = await adminLogin(third, {
      account: 'boss@example.com',
      password: 'second-secret',
    });
    expect(stillFresh.code).toBe(1);
  });

  it.skipIf(skip)(
    'ends the owner sessions opened with a password the configuration replaced',
    async () => {
      t = await startTestApp(name, {
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'first-secret',
      });
      const before = await adminLogin(t, { account: 'boss@example.com', password: 'first-secret' });
      expect((await adminCall(t, before.data.token, 'me')).code).toBe(1);
      // The operator changes ADMIN_PASSWORD because the old one leaked: whoever logged in with
      // it must not keep a working session for the rest of the day.
      const next = await restart({
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'second-secret',
      });
      expect((await adminCall(next, before.data.token, 'me')).code).toBe(code.INVALID_SESSION.code);
    },
  );

  it.skipIf(skip)('adds the configured owner beside operators that exist already', async () => {
    t = await startTestApp(name);
    const next = await restart({
      ADMIN_EMAIL: 'later@example.com',
      ADMIN_PASSWORD: 'later-secret',
    });
    expect((await operatorRows()).map((r) => r.email)).toEqual([
      BOOTSTRAP_EMAIL,
      'later@example.com',
    ]);
    const login = await adminLogin(next, {
      account: 'later@example.com',
      password: 'later-secret',
    });
    expect(login).toMatchObject({ code: 1, data: { admin: { role: 'owner' } } });
  });
});
