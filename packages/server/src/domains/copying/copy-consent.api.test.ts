import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fundedTrader, optIn } from '../../testing/funding.ts';
import { adminCall, auditRowsAfter, createOperator, lastAuditId } from '../../testing/operators.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';

const LEADER_NOT_FOUND = RESULT_CODES.LEADER_NOT_FOUND.code;

// Consent before anyone is copied, and demo money that is no social proof (issue 36).
// EURUSD quotes 1.08500 / 1.08508; traders are real and funded with 10 000 USD.
describe.each(DIALECTS)('copy trading consent on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd } = await startEurusdApp(name));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const auth = (token: string) => ({ authorization: token });
  const settings = async (token: string) =>
    (await t.call('GET', '/api/follow/settings', {}, auth(token))).data;
  const list = async () =>
    (await t.call('GET', '/api/follow/list')).data.data as { id: number; rank: number }[];
  const copy = (token: string, id: number, amount = '500', headers: Record<string, string> = {}) =>
    t.call('POST', '/api/follow/copy', { id, amount }, { ...auth(token), ...headers });
  const submit = (token: string) =>
    t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd), auth(token));

  /** A funded real trader with one closed position: what the ranking can show, if allowed. */
  async function tradedTrader(email: string) {
    const trader = await fundedTrader(t, email);
    const opened = await submit(trader.token);
    expect(opened.code).toBe(1);
    expect(
      (await t.call('POST', '/v1/api/forex/close', { id: opened.data.Id }, auth(trader.token)))
        .code,
    ).toBe(1);
    return trader;
  }

  /** The answer with the parts that may differ between two requests taken out. */
  const envelope = (answer: { code: number; msg: string; data: unknown }) => ({
    code: answer.code,
    msg: answer.msg,
    data: answer.data,
  });

  it.skipIf(skip)(
    'keeps a trader unlisted and uncopyable until they opt in, answering as for an unknown id',
    async () => {
      const quiet = await tradedTrader('quiet-trader@example.com');
      const follower = await demoUser(t, 'consent-follower');
      await t.ranking.ranking.refresh();
      expect(await settings(quiet.token)).toEqual({
        listed: 0,
        copyable: 0,
        changed_at: null,
        hidden: 0,
        ranked: 1,
        followers: 0,
        demo_followers: 0,
      });
      expect(await list()).toEqual([]);

      // Not opted in and unknown answer alike, in every language: the id tells nothing.
      for (const lang of ['en', 'ar']) {
        const headers = { lang };
        const ask = (id: number) =>
          Promise.all([
            t.call('GET', '/api/follow/detail', { id }, headers),
            t.call('GET', '/api/follow/equity', { id, period: '1m' }, headers),
            copy(follower.token, id, '500', headers),
          ]);
        const [known, unknown] = [await ask(quiet.id), await ask(999_999)];
        expect(known.map(envelope)).toEqual(unknown.map(envelope));
        expect(known.map((a) => a.code)).toEqual([
          LEADER_NOT_FOUND,
          LEADER_NOT_FOUND,
          LEADER_NOT_FOUND,
        ]);
      }

      // Listed only: in the ranking at once with a profile, but not open to copies.
      await optIn(t, quiet.token, { listed: 1, copyable: 0 });
      expect((await list()).map((row) => row.id)).toEqual([quiet.id]);
      const profile = await t.call(
        'GET',
        '/api/follow/detail',
        { id: quiet.id },
        auth(follower.token),
      );
      expect(profile.data).toMatchObject({ id: quiet.id, copyable: false });
      expect((await copy(follower.token, quiet.id)).code).toBe(LEADER_NOT_FOUND);
      // Copyable needs listed: asking for it unlisted keeps both off.
      expect(await optIn(t, quiet.token, { listed: 0, copyable: 1 })).toMatchObject({
        listed: 0,
        copyable: 0,
      });
      expect(await list()).toEqual([]);

      // Both on: copied; then copyable off — no new copy, the running one goes on.
      const on = await optIn(t, quiet.token);
      expect(on).toMatchObject({ listed: 1, copyable: 1, changed_at: t.clock.now });
      const started = await copy(follower.token, quiet.id);
      expect(started.code).toBe(1);
      await optIn(t, quiet.token, { listed: 1, copyable: 0 });
      const second = await demoUser(t, 'consent-follower-2');
      expect((await copy(second.token, quiet.id)).code).toBe(LEADER_NOT_FOUND);
      expect((await submit(quiet.token)).code).toBe(1);
      await t.copying!.mirror.wake();
      const [running] = (await t.call('GET', '/api/follow/my_copies', {}, auth(follower.token)))
        .data.data;
      expect(running).toMatchObject({ id: started.data.id, status: 'active', mirrored: 1 });

      // Unlisted: out of the ranking and the profile at once.
      await optIn(t, quiet.token, { listed: 0, copyable: 0 });
      expect(await list()).toEqual([]);
      expect((await t.call('GET', '/api/follow/detail', { id: quiet.id })).code).toBe(
        LEADER_NOT_FOUND,
      );
    },
  );

  it.skipIf(skip)(
    'audits each consent change and shows it to the back office; demo accounts lead nobody',
    async () => {
      const trader = await fundedTrader(t, 'audited-leader@example.com');
      const since = await lastAuditId(t);
      await optIn(t, trader.token);
      await optIn(t, trader.token); // no change: no row
      await optIn(t, trader.token, { listed: 1, copyable: 0 });
      const rows = await auditRowsAfter(t, since);
      expect(rows.map((row) => [row.action, row.role, row.before, row.after])).toEqual([
        [
          'leader.consent',
          'trader',
          '{"listed":false,"copyable":false}',
          '{"listed":true,"copyable":true}',
        ],
        [
          'leader.consent',
          'trader',
          '{"listed":true,"copyable":true}',
          '{"listed":true,"copyable":false}',
        ],
      ]);
      expect(rows[0]).toMatchObject({ target_id: String(trader.id), admin_id: null });

      const support = await createOperator(t, 'support');
      const [row] = (await adminCall(t, support.token, 'copyLeaders')).data.data;
      expect(row).toMatchObject({
        id: trader.id,
        listed: true,
        copyable: false,
        consent_at: t.clock.now,
        hidden: false,
      });

      const demo = await demoUser(t, 'consent-demo');
      for (const answer of [
        await t.call('GET', '/api/follow/settings', {}, auth(demo.token)),
        await t.call('POST', '/api/follow/settings', { listed: 1, copyable: 1 }, auth(demo.token)),
      ])
        expect(answer.code).toBe(RESULT_CODES.REAL_ACCOUNT_ONLY.code);
      expect(
        (
          await t.call(
            'POST',
            '/api/follow/settings',
            { listed: 2, copyable: 1 },
            auth(trader.token),
          )
        ).code,
      ).toBe(RESULT_CODES.BAD_REQUEST.code);
    },
  );

  it.skipIf(skip)('counts only real money as followers and assets under copy', async () => {
    const lead = await tradedTrader('counted-leader@example.com');
    await optIn(t, lead.token);
    const demos = [await demoUser(t, 'demo-copier-1'), await demoUser(t, 'demo-copier-2')];
    for (const demo of demos) expect((await copy(demo.token, lead.id, '100000')).code).toBe(1);
    const real = await fundedTrader(t, 'real-copier@example.com', '1000');
    expect((await copy(real.token, lead.id, '400')).code).toBe(1);
    await t.ranking.ranking.refresh();

    const [row] = (await t.call('GET', '/api/follow/list')).data.data;
    expect(row).toMatchObject({ id: lead.id, followers: 1, aum: 400, demo_followers: 2 });
    expect(await settings(lead.token)).toMatchObject({ followers: 1, demo_followers: 2 });
    // A demo follower's copy account is demo money, flagged beside the copy too.
    const kinds = await t.store.db
      .selectFrom('copies')
      .innerJoin('users', 'users.id', 'copies.account_id')
      .select(['copies.follower_id', 'copies.demo', 'users.is_demo'])
      .orderBy('copies.id')
      .execute();
    expect(kinds.map((k) => [Number(k.follower_id), Number(k.demo), Number(k.is_demo)])).toEqual([
      [demos[0]!.user.id, 1, 1],
      [demos[1]!.user.id, 1, 1],
      [real.id, 0, 0],
    ]);
    // The demo copy account opened with what moved in, not a demo account's start balance.
    const [demoCopy] = (await t.call('GET', '/api/follow/my_copies', {}, auth(demos[0]!.token)))
      .data.data;
    expect(demoCopy).toMatchObject({ amount: 100_000, equity: 100_000 });
  });

  it.skipIf(skip)('stops a demo user’s copies before a demo reset', async () => {
    const lead = await fundedTrader(t, 'reset-leader@example.com');
    await optIn(t, lead.token);
    const demo = await demoUser(t, 'reset-copier');
    const started = await copy(demo.token, lead.id, '50000');
    expect(started.code).toBe(1);
    expect((await submit(lead.token)).code).toBe(1);
    await t.copying!.mirror.wake();

    const reset = await t.call(
      'GET',
      '/v1/api/main/user/resetForexDemoAccount',
      {},
      auth(demo.token),
    );
    expect(reset.code).toBe(1);
    expect(reset.data.balance).toBe(100_000);
    const [stopped] = (await t.call('GET', '/api/follow/my_copies', {}, auth(demo.token))).data
      .data;
    expect(stopped).toMatchObject({ id: started.data.id, status: 'stopped', stop_reason: 'user' });
    // Nothing left outside the fresh start: the copy account is empty, the ledgers balance.
    const copyAccount = Number(
      (
        await t.store.db
          .selectFrom('copies')
          .select('account_id')
          .where('id', '=', started.data.id)
          .executeTakeFirstOrThrow()
      ).account_id,
    );
    expect((await storedAccount(t, copyAccount)).balance).toBe(0n);
    expect((await storedAccount(t, demo.user.id)).balance).toBe(100_000_000_000n);
    for (const id of [demo.user.id, copyAccount])
      expect(await ledgerSum(t, id)).toBe((await storedAccount(t, id)).balance);
  });

  it.skipIf(skip)('drops a hidden trader from the public ranking at once', async () => {
    const lead = await tradedTrader('hidden-at-once@example.com');
    await optIn(t, lead.token);
    await t.ranking.ranking.refresh();
    expect((await list()).map((row) => row.id)).toEqual([lead.id]);
    const compliance = await createOperator(t, 'compliance');
    expect((await adminCall(t, compliance.token, 'hideLeader', { id: lead.id })).code).toBe(1);
    expect(await list()).toEqual([]);
    expect((await adminCall(t, compliance.token, 'unhideLeader', { id: lead.id })).code).toBe(1);
    expect((await list()).map((row) => row.id)).toEqual([lead.id]);
  });

  it.skipIf(skip)(
    'starts one copy from 20 parallel requests, and answers every replay of a key alike',
    async () => {
      const lead = await fundedTrader(t, 'raced-leader@example.com');
      await optIn(t, lead.token);
      const follower = await demoUser(t, 'raced-follower');
      const usersBefore = await countUsers();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => copy(follower.token, lead.id)),
      );
      const codes = answers.map((a) => a.code).sort();
      expect(codes).toEqual([
        1,
        ...Array.from({ length: 19 }, () => RESULT_CODES.ALREADY_COPYING.code),
      ]);
      // One copy account, nothing half-made left behind.
      expect(await countUsers()).toBe(usersBefore + 1);
      expect((await storedAccount(t, follower.user.id)).balance).toBe(99_500_000_000n);

      const other = await fundedTrader(t, 'raced-leader-2@example.com');
      await optIn(t, other.token);
      const key = { 'idempotency-key': 'copy-once-please' };
      const replays = await Promise.all(
        Array.from({ length: 10 }, () => copy(follower.token, other.id, '500', key)),
      );
      expect(replays.map((a) => a.code)).toEqual(Array.from({ length: 10 }, () => 1));
      expect(new Set(replays.map((a) => a.data.id)).size).toBe(1);
      // The second leader and one more copy account.
      expect(await countUsers()).toBe(usersBefore + 3);
      expect((await storedAccount(t, follower.user.id)).balance).toBe(99_000_000_000n);
    },
  );

  it.skipIf(skip)(
    'audits only real hide and unhide transitions under 90 parallel calls',
    async () => {
      const lead = await fundedTrader(t, 'toggled-leader@example.com');
      const operators = [await createOperator(t, 'compliance'), await createOperator(t, 'owner')];
      const since = await lastAuditId(t);
      await Promise.all(
        Array.from({ length: 90 }, (_, i) =>
          adminCall(t, operators[i % 2]!.token, i % 3 === 0 ? 'unhideLeader' : 'hideLeader', {
            id: lead.id,
          }),
        ),
      );
      const rows = (await auditRowsAfter(t, since)).filter((row) =>
        String(row.action).startsWith('leader.'),
      );
      expect(rows.length).toBeGreaterThan(0);
      // Each row a change that happened: they alternate, and the first hides a shown trader.
      rows.forEach((row, i) => {
        expect(row.action).toBe(i % 2 === 0 ? 'leader.hide' : 'leader.unhide');
        expect(row.before).not.toBe(row.after);
      });
    },
  );

  async function countUsers(): Promise<number> {
    const row = await t.store.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
