import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { retryDelay } from '../../platform/core/retry-policy.ts';
import { toInt } from '../../platform/db/columns.ts';
import {
  type DialectName,
  openPostgres,
  openSqlite,
  type Store,
} from '../../platform/db/database.ts';
import type { CodeMessage, NoticeMessage, Notifier } from '../../platform/notify/notifier.ts';
import { NOTICE_LEASE_MS } from '../../platform/notify/trader-notices.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { createPostgresDatabase, createTestStore, DIALECTS } from '../../testing/dialects.ts';
import { submitUsdtDeposit } from '../../testing/funding.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import { callerOf, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue 23: a decision's notice is recorded in the decision's transaction and sent after
 * commit, at least once, under a key naming the decision. A failing mail server delays the
 * notice, a process stopped between commit and send hands it to the next one; neither loses it.
 */

/** Codes are kept for the helpers that register traders; notices go through `send`. */
function notifierThat(send: (message: NoticeMessage) => Promise<void>) {
  const codes: CodeMessage[] = [];
  /** Every notice the app tried to send, then those that went out. */
  const attempts: NoticeMessage[] = [];
  const sent: NoticeMessage[] = [];
  const notifier: Notifier = {
    async sendCode(message) {
      codes.push(message);
    },
    async sendNotice(message) {
      attempts.push(message);
      await send(message);
      sent.push(message);
    },
  };
  return { notifier, codes, attempts, sent };
}

const testClock = (now = Date.UTC(2026, 10, 2, 12, 0, 0)) => {
  const clock = {
    now,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  return clock;
};

type App = TestApp & { deliverNotices: () => Promise<number> };

/**
 * An app on `store`: with the test's notifier (codes kept in memory), or with the configured
 * one (the outbox file) when none is given.
 */
async function startApp(
  store: Store,
  clock: TestApp['clock'],
  recorder?: ReturnType<typeof notifierThat>,
): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-notices-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '12',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SAMPLE_TRADERS: 'false',
  });
  const built = withHandles(
    await buildApp({
      config,
      store,
      now: () => clock.now,
      logger: false,
      market: 'off',
      ...(recorder && { notifier: recorder.notifier }),
    }),
  );
  await built.app.ready();
  const outbox = () =>
    fs.existsSync(config.outboxPath)
      ? fs
          .readFileSync(config.outboxPath, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];
  return {
    ...built,
    store,
    dataDir,
    clock,
    outbox,
    lastCode(to) {
      const code = recorder
        ? recorder.codes.filter((c) => c.to === to).at(-1)?.code
        : outbox()
            .filter((line) => line.to === to && line.code)
            .at(-1)?.code;
      if (!code) throw new Error(`no code was sent to ${to}`);
      return code;
    },
    call: callerOf(built.app),
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two connections to one new database, as two processes (or a restart) have. */
async function sharedDatabase(dialect: DialectName) {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-notices-db-'));
    const file = path.join(dir, 'app.db');
    return {
      open: () => openSqlite(file),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresDatabase();
  return { open: () => openPostgres(database.url), drop: () => database.drop() };
}

async function noticeRows(store: Store, userId: number) {
  const rows = await store.db
    .selectFrom('notice_outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    key: row.dedupe_key,
    attempts: toInt(row.attempts),
    sent: row.sent_at !== null,
    due: row.next_attempt_at !== null,
  }));
}

describe.each(DIALECTS)('trader notices of funding decisions on $name', ({ name, skip }) => {
  let store: Store;
  const clock = testClock();
  let failuresLeft = 0;
  const recorder = notifierThat(async () => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('mail server unavailable');
    }
  });
  let t: App;

  beforeAll(async () => {
    if (skip) return;
    store = await createTestStore(name);
    t = await startApp(store, clock, recorder);
  });
  afterAll(async () => {
    if (skip) return;
    await t.close();
    await store.destroy();
  });

  it.skipIf(skip)(
    'retries a credited deposit notice the mail server refused, with back-off, until sent once',
    async () => {
      const trader = await registerTrader(t, 'notice-retry@example.com');
      const finance = await createOperator(t, 'finance');
      const deposit = await submitUsdtDeposit(t, trader.token, '250');
      const key = `deposit:${deposit.data.id}:credited`;
      failuresLeft = 2;

      // The decision stands whatever the mail server does.
      const approved = await adminCall(t, finance.token, 'approveDeposit', { id: deposit.data.id });
      expect(approved.code).toBe(1);
      expect(recorder.attempts.map((m) => m.key)).toEqual([key]);
      expect(recorder.sent).toEqual([]);
      expect(await noticeRows(store, trader.id)).toEqual([
        { key, attempts: 1, sent: false, due: true },
      ]);

      // Not again before its back-off; then once more (refused again), then sent. (The app's
      // own poll may be the one to send; deliverNotices waits for it too.)
      await t.deliverNotices();
      expect(recorder.attempts).toHaveLength(1);
      clock.advance(retryDelay(1));
      await t.deliverNotices();
      expect(recorder.attempts).toHaveLength(2);
      clock.advance(retryDelay(2) - 1);
      await t.deliverNotices();
      expect(recorder.attempts).toHaveLength(2);
      clock.advance(1);
      await t.deliverNotices();

      expect(recorder.sent).toEqual([
        {
          channel: 'email',
          to: trader.email,
          kind: 'deposit_credited',
          vars: { number: '250', currency: 'USDT', amount: '250' },
          language: 'en',
          key,
        },
      ]);
      expect(recorder.attempts.map((m) => m.key)).toEqual([key, key, key]);
      expect(await noticeRows(store, trader.id)).toEqual([
        { key, attempts: 3, sent: true, due: false },
      ]);

      // Sent means done: nothing goes out again, however long we wait.
      clock.advance(NOTICE_LEASE_MS + retryDelay(99));
      expect(await t.deliverNotices()).toBe(0);
      expect(recorder.attempts).toHaveLength(3);
    },
  );

  it.skipIf(skip)(
    'keys a rejected deposit by its outcome and records nothing for a refused decision',
    async () => {
      const trader = await registerTrader(t, 'notice-keys@example.com');
      const finance = await createOperator(t, 'finance');
      const deposit = await submitUsdtDeposit(t, trader.token, '40');
      const rejected = await adminCall(t, finance.token, 'rejectDeposit', {
        id: deposit.data.id,
        remark: 'No transfer arrived',
      });
      expect(rejected.code).toBe(1);
      // A refused decision records nothing.
      expect(
        (await adminCall(t, finance.token, 'invalidDeposit', { id: deposit.data.id, remark: 'x' }))
          .code,
      ).toBe(5015);
      expect(recorder.sent.filter((m) => m.to === trader.email).map((m) => m.key)).toEqual([
        `deposit:${deposit.data.id}:rejected`,
      ]);
      expect(await noticeRows(store, trader.id)).toEqual([
        { key: `deposit:${deposit.data.id}:rejected`, attempts: 1, sent: true, due: false },
      ]);
    },
  );
});

describe.each(DIALECTS)(
  'a notice whose app stopped before sending it, on $name',
  ({ name, skip }) => {
    it.skipIf(skip)('is sent by the next app on the database, under the same key', async () => {
      const database = await sharedDatabase(name);
      const first = database.open();
      const second = database.open();
      // The first app's mail never answers: the process is "killed" while sending.
      let sending!: () => void;
      const reachedSend = new Promise<void>((resolve) => {
        sending = resolve;
      });
      let wake!: (error: Error) => void;
      const never = new Promise<void>((_, reject) => {
        wake = reject;
      });
      const stuck = notifierThat(async () => {
        sending();
        await never;
      });
      const clock = testClock();
      const a = await startApp(first, clock, stuck);
      let b: App | undefined;
      try {
        const trader = await registerTrader(a, 'notice-crash@example.com');
        const finance = await createOperator(a, 'finance');
        const deposit = await submitUsdtDeposit(a, trader.token, '120');
        const key = `deposit:${deposit.data.id}:credited`;
        const decision = adminCall(a, finance.token, 'approveDeposit', { id: deposit.data.id });
        await reachedSend;
        // The decision has committed; the first app never gets further. The next start comes
        // after the first app's claim has lapsed, and sends what it finds on its own.
        const later = testClock(clock.now + NOTICE_LEASE_MS + 1);
        b = await startApp(second, later);
        const started = b;
        const told = () =>
          started.outbox().filter((line: { to: string; kind?: string }) => line.kind);
        await vi.waitFor(() => expect(told()).toHaveLength(1));
        expect(told()[0]).toMatchObject({ to: trader.email, kind: 'deposit_credited', key });
        expect(stuck.attempts.map((m) => m.key)).toEqual([key]);
        // The mail line is written before the row is marked sent: wait for the mark.
        await vi.waitFor(async () =>
          expect(await noticeRows(second, trader.id)).toEqual([
            { key, attempts: 2, sent: true, due: false },
          ]),
        );

        // Should the first process wake after all, its failure leaves the second's send as it is.
        wake(new Error('connection reset'));
        expect((await decision).code).toBe(1);
        expect(await noticeRows(second, trader.id)).toEqual([
          { key, attempts: 2, sent: true, due: false },
        ]);
        later.advance(NOTICE_LEASE_MS + retryDelay(99));
        expect(await b.deliverNotices()).toBe(0);
        expect(told()).toHaveLength(1);
      } finally {
        wake(new Error('test over'));
        await a.close();
        await b?.close();
        await first.destroy();
        await second.destroy();
        await database.drop();
      }
    });
  },
);
