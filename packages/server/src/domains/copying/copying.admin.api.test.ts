import { RESULT_CODES } from '@tradedesk/contract';
import type { AdminRole, AdminRouteName } from '@tradedesk/contract/admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fundedLeader, fundedTrader } from '../../testing/funding.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  type TestOperator,
} from '../../testing/operators.ts';
import { demoUser, startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';

const FORBIDDEN = RESULT_CODES.ADMIN_FORBIDDEN.code;

/** Exact micro-dollars of a number the API sent (it was made from micro-dollars). */
const micros = (usd: number) => Math.round(usd * 1e6);

// Copy trading in the back office (issue 29). EURUSD quotes 1.08500 / 1.08508; leaders are
// real traders funded with 10 000 USD; followers are demo users unless a test says otherwise.
describe.each(DIALECTS)('copy trading in the back office on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let compliance: TestOperator;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd } = await startEurusdApp(name));
    compliance = await createOperator(t, 'compliance');
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const auth = (token: string) => ({ authorization: token });

  const trader = (email: string, usd = '10000') => fundedLeader(t, email, usd);

  const copy = (token: string, leaderId: number, amount: string) =>
    t.call('POST', '/api/follow/copy', { id: leaderId, amount }, auth(token));
  const myCopies = async (token: string) =>
    (await t.call('GET', '/api/follow/my_copies', {}, auth(token))).data.data;
  const submit = (token: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd, extra), auth(token));
  const mirrored = () => t.copying!.mirror.wake();
  const call = (route: AdminRouteName, params: Record<string, unknown> = {}) =>
    adminCall(t, compliance.token, route, params);

  it.skipIf(skip)(
    'lists leaders with their copies, assets under copy, mirrored and skipped trades and waiting signals',
    async () => {
      const lead = await trader('admin-leader-a@example.com');
      const other = await trader('admin-leader-b@example.com');
      // Followers are not leaders: no consent of theirs, so not in the leaders list.
      const realFollower = await fundedTrader(t, 'admin-follower-real@example.com', '2000');
      const first = await fundedTrader(t, 'admin-copy-follower-1@example.com', '2000');
      const second = await demoUser(t, 'admin-copy-follower-2');
      expect((await copy(first.token, lead.id, '500')).code).toBe(1);
      expect((await copy(second.token, lead.id, '1000')).code).toBe(1);
      const stopped = (await copy(realFollower.token, other.id, '500')).data;
      // 1 lot: 0.05 and 0.1 lots mirrored; 0.05 lots: 0.0025 and 0.005, both under 0.01.
      await submit(lead.token);
      await mirrored();
      await submit(lead.token, { cont: '0.05' });
      await mirrored();
      await t.call('POST', '/api/follow/stop', { copy_id: stopped.id }, auth(realFollower.token));

      const [firstCopy] = await myCopies(first.token);
      const [secondCopy] = await myCopies(second.token);
      const listed = await call('copyLeaders');
      expect(listed.code).toBe(1);
      expect(listed.data.total).toBe(2);
      const [a, b] = listed.data.data;
      expect(a).toEqual({
        id: lead.id,
        uid: lead.uid,
        contact: 'a***@***.com',
        sample: false,
        hidden: false,
        listed: true,
        copyable: true,
        consent_at: expect.any(Number),
        // Real money only; the demo copy is counted apart and valued in nothing.
        running_copies: 1,
        demo_copies: 1,
        stopped_copies: 0,
        aum: expect.any(Number),
        invested: 500,
        mirrored: 2,
        skipped: 2,
        waiting_signals: 0,
      });
      // Equity now of the real copy account, to the micro-dollar, as its follower sees it.
      expect(micros(a.aum)).toBe(micros(firstCopy.equity));
      expect(a.aum).toBeLessThan(500);
      expect(b).toMatchObject({
        id: other.id,
        running_copies: 0,
        stopped_copies: 1,
        aum: 0,
        invested: 0,
        mirrored: 0,
        skipped: 0,
      });
      // Least assets first.
      const ascending = await call('copyLeaders', { order: 'asc' });
      expect(ascending.data.data.map((row: { id: number }) => row.id)).toEqual([other.id, lead.id]);

      // The leader's copies: running ones first, newest first, each valued now.
      const copies = await call('leaderCopies', { id: lead.id });
      expect(copies.data.total).toBe(2);
      expect(copies.data.data).toEqual([
        expect.objectContaining({
          id: secondCopy.id,
          follower_id: second.user.id,
          uid: second.user.uid,
          // A demo user has no e-mail or mobile to show.
          contact: null,
          demo: true,
          status: 'active',
          invested: 1000,
          equity: secondCopy.equity,
          pnl: secondCopy.pnl,
          mirrored: 1,
          skipped: 1,
          stopped_at: null,
          stop_reason: null,
        }),
        expect.objectContaining({
          id: firstCopy.id,
          demo: false,
          invested: 500,
          equity: firstCopy.equity,
        }),
      ]);
      const [gone] = (await call('leaderCopies', { id: other.id })).data.data;
      expect(gone).toMatchObject({
        follower_id: realFollower.id,
        contact: 'a***@***.com',
        demo: false,
        status: 'stopped',
        invested: 500,
        equity: 0,
        returned: 500,
        pnl: 0,
        stop_reason: 'user',
      });
      expect(gone.stopped_at).toBe(t.clock.now);

      // A signal the mirror has not worked off yet (written straight to the outbox: the
      // mirror drains real ones before a call could see them).
      await t.store.db
        .insertInto('copy_outbox')
        .values({
          leader_id: lead.id,
          leader_order_id: 1,
          change: 'open',
          copy_id: null,
          payload: 'not a signal',
          created_at: t.clock.now,
        })
        .execute();
      expect((await call('copyLeaders')).data.data[0].waiting_signals).toBe(1);
    },
  );

  it.skipIf(skip)(
    'hides a leader from new copies and shows them again, audited with before and after',
    async () => {
      const lead = await trader('admin-hidden-leader@example.com');
      const follower = await demoUser(t, 'admin-hide-follower');
      const since = await lastAuditId(t);

      const hidden = await call('hideLeader', { id: lead.id });
      expect(hidden.code).toBe(1);
      expect(hidden.data).toMatchObject({ id: lead.id, hidden: true, running_copies: 0, aum: 0 });
      // Listed though nobody copies them: operators must find whom they hid.
      expect((await call('copyLeaders')).data.data).toEqual([
        expect.objectContaining({ id: lead.id, hidden: true }),
      ]);
      expect((await copy(follower.token, lead.id, '500')).code).toBe(
        RESULT_CODES.LEADER_NOT_FOUND.code,
      );
      // Hiding a hidden leader changes nothing and writes no row.
      expect((await call('hideLeader', { id: lead.id })).data.hidden).toBe(true);

      const shown = await call('unhideLeader', { id: lead.id });
      expect(shown.data.hidden).toBe(false);
      const copied = await copy(follower.token, lead.id, '500');
      expect(copied.code).toBe(1);
      expect((await call('copyLeaders')).data.data).toEqual([
        expect.objectContaining({
          id: lead.id,
          hidden: false,
          running_copies: 0,
          demo_copies: 1,
          invested: 0,
        }),
      ]);

      const rows = await auditRowsAfter(t, since);
      expect(rows.map((row) => [row.action, row.before, row.after])).toEqual([
        ['leader.hide', '{"hidden":false}', '{"hidden":true}'],
        ['leader.unhide', '{"hidden":true}', '{"hidden":false}'],
      ]);
      expect(rows[0]).toMatchObject({
        admin_id: compliance.id,
        admin_email: compliance.email,
        role: 'compliance',
        target_type: 'user',
        target_id: String(lead.id),
      });
      // The audit log names the leader by uid, like any trader.
      const owner = await createOperator(t, 'owner');
      const audit = await adminCall(t, owner.token, 'audit', { action: 'leader.hide' });
      expect(audit.data.data[0]).toMatchObject({ target_uid: lead.uid });

      // Nobody to hide: unknown ids and copy accounts.
      expect((await call('hideLeader', { id: 999_999 })).code).toBe(RESULT_CODES.NOT_FOUND.code);
      const account = await t.store.db
        .selectFrom('copies')
        .select('account_id')
        .where('id', '=', copied.data.id)
        .executeTakeFirstOrThrow();
      expect((await call('hideLeader', { id: Number(account.account_id) })).code).toBe(
        RESULT_CODES.NOT_FOUND.code,
      );
      const leaderRows = (await auditRowsAfter(t, since)).filter((row) =>
        row.action.startsWith('leader.'),
      );
      expect(leaderRows).toHaveLength(2);
    },
  );

  it.skipIf(skip)('answers the roles that read traders and lets compliance hide', async () => {
    const lead = await trader('admin-roles-leader@example.com');
    const answers: Record<string, Record<string, number>> = {};
    for (const role of ['support', 'finance', 'editor', 'compliance'] as AdminRole[]) {
      const operator = await createOperator(t, role);
      answers[role] = {};
      for (const route of ['copyLeaders', 'leaderCopies', 'hideLeader', 'unhideLeader'] as const)
        answers[role][route] = (await adminCall(t, operator.token, route, { id: lead.id })).code;
    }
    expect(answers).toEqual({
      support: { copyLeaders: 1, leaderCopies: 1, hideLeader: FORBIDDEN, unhideLeader: FORBIDDEN },
      finance: { copyLeaders: 1, leaderCopies: 1, hideLeader: FORBIDDEN, unhideLeader: FORBIDDEN },
      editor: {
        copyLeaders: FORBIDDEN,
        leaderCopies: FORBIDDEN,
        hideLeader: FORBIDDEN,
        unhideLeader: FORBIDDEN,
      },
      compliance: { copyLeaders: 1, leaderCopies: 1, hideLeader: 1, unhideLeader: 1 },
    });
    // A trader's session is no operator's.
    expect((await adminCall(t, lead.token, 'copyLeaders')).code).toBe(
      RESULT_CODES.INVALID_SESSION.code,
    );
  });
});
