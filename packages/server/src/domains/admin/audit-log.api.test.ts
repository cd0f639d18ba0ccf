import { PAGE_SIZE, RESULT_CODES } from '@tradedesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toInt } from '../../platform/db/columns.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  OPERATOR_PASSWORD,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { logInAs, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { testImage, uploadImage } from '../../testing/uploads.ts';

const code = RESULT_CODES;

/** Rows with before/after parsed, so that key order does not matter. */
function parsed(rows: Awaited<ReturnType<typeof auditRowsAfter>>) {
  return rows.map((r) => ({
    ...r,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
  }));
}

/**
 * The audit log (issue 10): every operator write leaves exactly one row naming who, from
 * where, what and the target before and after, committed with the write; a refused write
 * leaves none; operators read it filtered and paged; nobody can change or remove a row.
 */
describe.each(DIALECTS)('audit log on $name', ({ name, skip }) => {
  let t: TestApp;
  let owner: TestOperator;
  let support: TestOperator;
  let compliance: TestOperator;
  let trader: Awaited<ReturnType<typeof registerTrader>>;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    owner = await createOperator(t, 'owner');
    support = await createOperator(t, 'support');
    compliance = await createOperator(t, 'compliance');
    trader = await registerTrader(t, 'audited@example.com');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const actorOf = (operator: TestOperator, ip: string) => ({
    admin_id: operator.id,
    admin_email: operator.email,
    role: operator.role,
    ip,
  });

  /** The trader's record as the audit log keeps it, read from the store. */
  async function userState(userId: number) {
    const row = await t.store.db
      .selectFrom('users')
      .select(['disabled_at', 'credit_score'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { disabled: row.disabled_at !== null, credit_score: toInt(row.credit_score) };
  }

  /** The stored identity row of a trader (undefined when none). */
  const storedIdentity = (userId: number) =>
    t.store.db
      .selectFrom('identities')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();

  /** Uploads two images as the trader and submits them: a waiting identity. */
  async function submitIdentity(token: string, name: string) {
    const front = await uploadImage(t.app, token, await testImage('png'));
    const reverse = await uploadImage(t.app, token, await testImage('jpeg'));
    expect([front.code, reverse.code]).toEqual([1, 1]);
    const submitted = await t.call(
      'POST',
      '/api/user_real/real_name',
      { name, card_id: 'P7654321', front_pic: front.data.url, reverse_pic: reverse.data.url },
      { authorization: token },
    );
    expect(submitted).toMatchObject({ code: 1, data: { review_status: 1 } });
  }

  async function auditedIdentity(userId: number) {
    const row = await storedIdentity(userId);
    if (!row) throw new Error('no identity');
    return {
      review_status: toInt(row.review_status),
      name: row.name,
      card_id: row.card_id,
      front_upload: row.front_upload,
      reverse_upload: row.reverse_upload,
      reason: row.reason,
    };
  }

  it.skipIf(skip)(
    'records disable and enable of a trader with its state before and after',
    async () => {
      const initial = await userState(trader.id);
      expect(initial.disabled).toBe(false);
      let since = await lastAuditId(t);
      const disabled = await adminCall(
        t,
        support.token,
        'disableUser',
        { id: trader.id },
        { ip: '10.50.0.1' },
      );
      expect(disabled).toMatchObject({ code: 1, data: { id: trader.id, disabled: true } });
      expect(parsed(await auditRowsAfter(t, since))).toEqual([
        {
          id: expect.any(Number),
          ...actorOf(support, '10.50.0.1'),
          action: 'user.disable',
          target_type: 'user',
          target_id: String(trader.id),
          before: initial,
          after: { ...initial, disabled: true },
          created_at: t.clock.now,
        },
      ]);

      t.clock.advance(1000);
      since = await lastAuditId(t);
      const enabled = await adminCall(
        t,
        support.token,
        'enableUser',
        { id: trader.id },
        { ip: '10.50.0.2' },
      );
      expect(enabled).toMatchObject({ code: 1, data: { id: trader.id, disabled: false } });
      expect(parsed(await auditRowsAfter(t, since))).toEqual([
        {
          id: expect.any(Number),
          ...actorOf(support, '10.50.0.2'),
          action: 'user.enable',
          target_type: 'user',
          target_id: String(trader.id),
          before: { ...initial, disabled: true },
          after: initial,
          created_at: t.clock.now,
        },
      ]);
      expect(await userState(trader.id)).toEqual(initial);
      // Disabling ended the trader's sessions; the tests after this one need a new one.
      trader.token = await logInAs(t, trader.email, trader.password);
    },
  );

  it.skipIf(skip)(
    'records a credit score change; refuses an out-of-range one without a row',
    async () => {
      const initial = await userState(trader.id);
      const since = await lastAuditId(t);
      const changed = await adminCall(
        t,
        support.token,
        'creditScore',
        { id: trader.id, credit_score: 735 },
        { ip: '10.50.0.3' },
      );
      expect(changed).toMatchObject({ code: 1, data: { credit_score: 735 } });
      expect(parsed(await auditRowsAfter(t, since))).toEqual([
        {
          id: expect.any(Number),
          ...actorOf(support, '10.50.0.3'),
          action: 'user.credit_score',
          target_type: 'user',
          target_id: String(trader.id),
          before: initial,
          after: { ...initial, credit_score: 735 },
          created_at: t.clock.now,
        },
      ]);

      const afterChange = await lastAuditId(t);
      const tooHigh = await adminCall(t, support.token, 'creditScore', {
        id: trader.id,
        credit_score: 1001,
      });
      expect(tooHigh.code).not.toBe(1);
      const unknown = await adminCall(t, support.token, 'creditScore', {
        id: 999_999,
        credit_score: 500,
      });
      expect(unknown.code).toBe(code.NOT_FOUND.code);
      // A role that may not: refused before anything is read.
      const byCompliance = await adminCall(t, compliance.token, 'creditScore', {
        id: trader.id,
        credit_score: 10,
      });
      expect(byCompliance.code).toBe(code.ADMIN_FORBIDDEN.code);
      expect(await auditRowsAfter(t, afterChange)).toEqual([]);
      expect(await userState(trader.id)).toEqual({ ...initial, credit_score: 735 });
    },
  );

  it.skipIf(skip)(
    'records a rejection and an approval with the identity before and after',
    async () => {
      await submitIdentity(trader.token, 'Audrey Audited');
      const waiting = await auditedIdentity(trader.id);
      expect(waiting.review_status).toBe(1);

      let since = await lastAuditId(t);
      const rejected = await adminCall(
        t,
        compliance.token,
        'rejectIdentity',
        { id: trader.id, reason: 'The photo is blurred' },
        { ip: '10.50.0.4' },
      );
      expect(rejected).toMatchObject({
        code: 1,
        data: { user_id: trader.id, review_status: 0, reason: 'The photo is blurred' },
      });
      expect(parsed(await auditRowsAfter(t, since))).toEqual([
        {
          id: expect.any(Number),
          ...actorOf(compliance, '10.50.0.4'),
          action: 'identity.reject',
          target_type: 'user',
          target_id: String(trader.id),
          before: waiting,
          after: { ...waiting, review_status: 0, reason: 'The photo is blurred' },
          created_at: t.clock.now,
        },
      ]);
      const told = await t.call(
        'GET',
        '/api/user_real/center',
        {},
        { authorization: trader.token },
      );
      expect(told.data).toMatchObject({ review_status: 0, reason: 'The photo is blurred' });

      t.clock.advance(60_000);
      await submitIdentity(trader.token, 'Audrey Audited');
      const resubmitted = await auditedIdentity(trader.id);
      since = await lastAuditId(t);
      const approved = await adminCall(
        t,
        compliance.token,
        'approveIdentity',
        { id: trader.id },
        { ip: '10.50.0.5' },
      );
      expect(approved).toMatchObject({ code: 1, data: { user_id: trader.id, review_status: 2 } });
      expect(parsed(await auditRowsAfter(t, since))).toEqual([
        {
          id: expect.any(Number),
          ...actorOf(compliance, '10.50.0.5'),
          action: 'identity.approve',
          target_type: 'user',
          target_id: String(trader.id),
          before: resubmitted,
          after: { ...resubmitted, review_status: 2 },
          created_at: t.clock.now,
        },
      ]);
    },
  );

  it.skipIf(skip)('leaves no row and no change when a decision is refused', async () => {
    // The trader's identity is approved by the test before; a stranger has none.
    const stranger = await registerTrader(t, 'no-identity@example.com');
    const approved = await storedIdentity(trader.id);
    expect(approved && toInt(approved.review_status)).toBe(2);
    const since = await lastAuditId(t);
    const twice = await adminCall(t, compliance.token, 'approveIdentity', { id: trader.id });
    expect(twice.code).toBe(code.IDENTITY_NOT_WAITING.code);
    const rejectApproved = await adminCall(t, compliance.token, 'rejectIdentity', {
      id: trader.id,
      reason: 'Too late',
    });
    expect(rejectApproved.code).toBe(code.IDENTITY_NOT_WAITING.code);
    const none = await adminCall(t, compliance.token, 'approveIdentity', { id: stranger.id });
    expect(none.code).toBe(code.NOT_FOUND.code);
    const bySupport = await adminCall(t, support.token, 'approveIdentity', { id: trader.id });
    expect(bySupport.code).toBe(code.ADMIN_FORBIDDEN.code);
    expect(await auditRowsAfter(t, since)).toEqual([]);
    expect(await storedIdentity(trader.id)).toEqual(approved);
    expect(await storedIdentity(stranger.id)).toBeUndefined();
  });

  it.skipIf(skip)('records a settings change; a refused value leaves no row', async () => {
    const before = (await adminCall(t, owner.token, 'settings')).data;
    const since = await lastAuditId(t);
    const change = {
      app_name: 'Audited Desk',
      service_link: 'https://help.example.com/chat',
      service_link_type: 2,
    };
    const updated = await adminCall(t, owner.token, 'updateSettings', change, { ip: '10.50.0.6' });
    expect(updated).toMatchObject({ code: 1, data: change });
    expect(parsed(await auditRowsAfter(t, since))).toEqual([
      {
        id: expect.any(Number),
        ...actorOf(owner, '10.50.0.6'),
        action: 'settings.update',
        target_type: 'settings',
        target_id: 'basic',
        before,
        after: updated.data,
        created_at: t.clock.now,
      },
    ]);

    const afterChange = await lastAuditId(t);
    for (const refused of [
      { service_link: 'javascript:alert(1)' },
      { app_name: 'Not saved', complaint_email: 'not-an-email' },
    ]) {
      const answer = await adminCall(t, owner.token, 'updateSettings', refused);
      expect(answer.code).toBe(code.INVALID_SETTING.code);
    }
    const bySupport = await adminCall(t, support.token, 'updateSettings', { app_name: 'Nope' });
    expect(bySupport.code).toBe(code.ADMIN_FORBIDDEN.code);
    expect(await auditRowsAfter(t, afterChange)).toEqual([]);
    expect((await adminCall(t, owner.token, 'settings')).data).toEqual(updated.data);
  });

  it.skipIf(skip)('records the settings as stored, not as typed', async () => {
    const since = await lastAuditId(t);
    const updated = await adminCall(t, owner.token, 'updateSettings', {
      complaint_email: '  Complaints@Example.COM ',
    });
    expect(updated).toMatchObject({ code: 1, data: { complaint_email: 'complaints@example.com' } });
    const [row] = parsed(await auditRowsAfter(t, since));
    // What the log says the settings became is what getBasicInfo now serves.
    expect(row?.after).toEqual(updated.data);
  });

  it.skipIf(skip)(
    'records a new operator without its password; a duplicate leaves no row',
    async () => {
      const since = await lastAuditId(t);
      const created = await adminCall(
        t,
        owner.token,
        'createOperator',
        { email: 'New.Support@Example.com', password: OPERATOR_PASSWORD, role: 'support' },
        { ip: '10.50.0.7' },
      );
      expect(created).toMatchObject({
        code: 1,
        data: {
          email: 'new.support@example.com',
          role: 'support',
          otp_enabled: false,
          disabled: false,
        },
      });
      const rows = await auditRowsAfter(t, since);
      expect(parsed(rows)).toEqual([
        {
          id: expect.any(Number),
          ...actorOf(owner, '10.50.0.7'),
          action: 'operator.create',
          target_type: 'operator',
          target_id: String(created.data.id),
          before: null,
          after: created.data,
          created_at: t.clock.now,
        },
      ]);
      const stored = await t.store.db
        .selectFrom('operators')
        .select('password_hash')
        .where('id', '=', created.data.id)
        .executeTakeFirstOrThrow();
      expect(rows[0]?.after).not.toContain(stored.password_hash);
      expect(rows[0]?.after).not.toMatch(/password|secret/i);

      const afterCreate = await lastAuditId(t);
      const duplicate = await adminCall(t, owner.token, 'createOperator', {
        email: 'new.support@example.com',
        password: OPERATOR_PASSWORD,
        role: 'editor',
      });
      expect(duplicate.code).toBe(code.OPERATOR_EXISTS.code);
      const bySupport = await adminCall(t, support.token, 'createOperator', {
        email: 'sneaky@example.com',
        password: OPERATOR_PASSWORD,
        role: 'owner',
      });
      expect(bySupport.code).toBe(code.ADMIN_FORBIDDEN.code);
      expect(await auditRowsAfter(t, afterCreate)).toEqual([]);
      const emails = (await adminCall(t, owner.token, 'operators')).data.map(
        (o: { email: string }) => o.email,
      );
      expect(emails.filter((e: string) => e === 'new.support@example.com')).toHaveLength(1);
      expect(emails).not.toContain('sneaky@example.com');
    },
  );

  it.skipIf(skip)('records an operator disabled; disabling oneself leaves no row', async () => {
    const victim = await createOperator(t, 'editor');
    const before = (await adminCall(t, owner.token, 'operators')).data.find(
      (o: { id: number }) => o.id === victim.id,
    );
    const since = await lastAuditId(t);
    const disabled = await adminCall(
      t,
      owner.token,
      'disableOperator',
      { id: victim.id },
      { ip: '10.50.0.8' },
    );
    expect(disabled).toMatchObject({ code: 1, data: { id: victim.id, disabled: true } });
    expect(parsed(await auditRowsAfter(t, since))).toEqual([
      {
        id: expect.any(Number),
        ...actorOf(owner, '10.50.0.8'),
        action: 'operator.disable',
        target_type: 'operator',
        target_id: String(victim.id),
        before,
        after: { ...before, disabled: true },
        created_at: t.clock.now,
      },
    ]);

    const afterDisable = await lastAuditId(t);
    const self = await adminCall(t, owner.token, 'disableOperator', { id: owner.id });
    expect(self.code).toBe(code.ADMIN_NOT_SELF.code);
    const unknown = await adminCall(t, owner.token, 'disableOperator', { id: 999_999 });
    expect(unknown.code).toBe(code.NOT_FOUND.code);
    expect(await auditRowsAfter(t, afterDisable)).toEqual([]);
    expect((await adminCall(t, owner.token, 'me')).data.disabled).toBe(false);
  });

  it.skipIf(skip)('writes no row when asked for what already holds', async () => {
    const other = await registerTrader(t, 'already@example.com');
    const victim = await createOperator(t, 'editor');
    expect((await adminCall(t, support.token, 'disableUser', { id: other.id })).code).toBe(1);
    expect((await adminCall(t, owner.token, 'disableOperator', { id: victim.id })).code).toBe(1);
    const since = await lastAuditId(t);
    const again = await adminCall(t, support.token, 'disableUser', { id: other.id });
    expect(again).toMatchObject({ code: 1, data: { disabled: true } });
    const operatorAgain = await adminCall(t, owner.token, 'disableOperator', { id: victim.id });
    expect(operatorAgain).toMatchObject({ code: 1, data: { disabled: true } });
    expect((await adminCall(t, owner.token, 'updateSettings', {})).code).toBe(1);
    expect(await auditRowsAfter(t, since)).toEqual([]);
  });

  it.skipIf(skip)('filters by operator and action, newest first, a page at a time', async () => {
    const changes = PAGE_SIZE + 3;
    for (let i = 0; i < changes; i++) {
      t.clock.advance(1000);
      const answer = await adminCall(t, support.token, 'creditScore', {
        id: trader.id,
        credit_score: 100 + i,
      });
      expect(answer.code).toBe(1);
    }
    await adminCall(t, owner.token, 'creditScore', { id: trader.id, credit_score: 999 });
    const query = { admin_id: support.id, action: 'user.credit_score' };
    const stored = await t.store.db
      .selectFrom('audit_log')
      .select('id')
      .where('admin_id', '=', support.id)
      .where('action', '=', 'user.credit_score')
      .orderBy('id', 'desc')
      .execute();
    // This test's changes and the one of the credit score test before it.
    expect(stored).toHaveLength(changes + 1);
    const page1 = await adminCall(t, owner.token, 'audit', { ...query, page: 1 });
    const page2 = await adminCall(t, owner.token, 'audit', { ...query, page: 2 });
    const page3 = await adminCall(t, owner.token, 'audit', { ...query, page: 3 });
    expect([page1.data.total, page2.data.total, page3.data.total]).toEqual([
      changes + 1,
      changes + 1,
      changes + 1,
    ]);
    expect(page1.data.data).toHaveLength(PAGE_SIZE);
    expect(page2.data.data).toHaveLength(4);
    expect(page3.data.data).toEqual([]);
    const listed = [...page1.data.data, ...page2.data.data];
    expect(listed.map((r: { id: number }) => r.id)).toEqual(stored.map((r) => toInt(r.id)));
    expect(
      listed.every(
        (r: { admin_id: number; action: string }) =>
          r.admin_id === support.id && r.action === 'user.credit_score',
      ),
    ).toBe(true);
    // The newest row as the store has it, before and after as JSON text.
    const [newest] = await auditRowsAfter(t, toInt(stored[0]!.id) - 1);
    // A trader target is named by the public user number too, as everywhere else.
    const { uid } = await t.store.db
      .selectFrom('users')
      .select('uid')
      .where('id', '=', trader.id)
      .executeTakeFirstOrThrow();
    expect(page1.data.data[0]).toEqual({ ...newest, target_uid: uid });
    expect(JSON.parse(page1.data.data[0].after)).toMatchObject({ credit_score: 100 + changes - 1 });

    // One filter at a time, and none.
    const count = async (where?: { column: 'admin_id' | 'action'; value: string | number }) => {
      let q = t.store.db.selectFrom('audit_log');
      if (where) q = q.where(where.column, '=', where.value as never);
      const row = await q
        .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return toInt(row.n);
    };
    const byAction = await adminCall(t, owner.token, 'audit', { action: 'user.credit_score' });
    expect(byAction.data.total).toBe(await count({ column: 'action', value: 'user.credit_score' }));
    expect(byAction.data.total).toBe(changes + 2);
    expect(byAction.data.data[0]).toMatchObject({
      admin_id: owner.id,
      action: 'user.credit_score',
    });
    const byOwner = await adminCall(t, owner.token, 'audit', { admin_id: owner.id });
    expect(byOwner.data.total).toBe(await count({ column: 'admin_id', value: owner.id }));
    expect(byOwner.data.data.every((r: { admin_id: number }) => r.admin_id === owner.id)).toBe(
      true,
    );
    const all = await adminCall(t, owner.token, 'audit');
    expect(all.data.total).toBe(await count());
    expect(all.data.data).toHaveLength(PAGE_SIZE);
    // Rows about anything but a trader name no user number.
    expect(
      all.data.data
        .filter((r: { target_type: string }) => r.target_type !== 'user')
        .every((r: { target_uid: unknown }) => r.target_uid === null),
    ).toBe(true);
    const nothing = await adminCall(t, owner.token, 'audit', { action: 'no.such.action' });
    expect(nothing.data).toEqual({ data: [], total: 0 });
    // Only the owner reads the log.
    expect((await adminCall(t, support.token, 'audit')).code).toBe(code.ADMIN_FORBIDDEN.code);
  });

  it.skipIf(skip)('refuses to update or delete any row, whoever connects', async () => {
    const snapshot = await auditRowsAfter(t, 0);
    expect(snapshot.length).toBeGreaterThan(5);
    await expect(
      t.store.db.updateTable('audit_log').set({ action: 'tampered' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.store.db
        .updateTable('audit_log')
        .set({ admin_email: 'someone-else@example.com' })
        .where('id', '=', snapshot[0]!.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.store.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(
      t.store.db.deleteFrom('audit_log').where('id', '=', snapshot.at(-1)!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE audit_log SET ip = '0.0.0.0'`.execute(t.store.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.store.db)).rejects.toThrow(/append-only/);
    if (name === 'postgres')
      await expect(sql`TRUNCATE audit_log`.execute(t.store.db)).rejects.toThrow(/append-only/);
    expect(await auditRowsAfter(t, 0)).toEqual(snapshot);
  });
});
