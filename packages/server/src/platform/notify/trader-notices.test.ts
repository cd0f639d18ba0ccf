import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DIALECTS } from '../../testing/dialects.ts';
import { type DialectName, openPostgres, openSqlite, type Store } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { NoticeMessage } from './notifier.ts';
import { createTraderNotices, NOTICE_HANDOFF_MS, type TraderNotice } from './trader-notices.ts';

/** Two connections to one new, migrated database: two nodes of one deployment. */
async function twoNodesDatabase(dialect: DialectName) {
  let stores: [Store, Store];
  let drop: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-notice-outbox-'));
    const file = path.join(dir, 'app.db');
    stores = [openSqlite(file), openSqlite(file)];
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const database = await createPostgresDatabase();
    stores = [openPostgres(database.url), openPostgres(database.url)];
    drop = () => database.drop();
  }
  await migrateToLatest(stores[0]);
  return {
    stores,
    async destroy() {
      for (const store of stores) await store.destroy();
      await drop();
    },
  };
}

describe.each(DIALECTS)('the trader notice outbox on $name', ({ name, skip }) => {
  let database: Awaited<ReturnType<typeof twoNodesDatabase>>;
  const clock = { now: Date.UTC(2026, 10, 2, 12, 0, 0) };
  const log = pino({ level: 'silent' });
  /** A node: its outbox over its own connection, and what its notifier sent. */
  const node = (store: Store) => {
    const sent: NoticeMessage[] = [];
    const notices = createTraderNotices({
      db: store.db,
      notifier: {
        async sendNotice(message) {
          // A mail server takes a moment: the other node runs meanwhile.
          await new Promise((resolve) => setImmediate(resolve));
          sent.push(message);
        },
      },
      findUser: async (id) => ({ email: `trader-${id}@example.com`, mobile: null }),
      now: () => clock.now,
      log,
    });
    return { notices, sent };
  };
  const notice = (key: string, userId = 1): TraderNotice => ({
    key,
    userId,
    kind: 'deposit_credited',
    vars: { number: '1', currency: 'USDT', amount: '1' },
    language: 'en',
  });

  beforeAll(async () => {
    if (!skip) database = await twoNodesDatabase(name);
  });
  afterAll(async () => {
    if (!skip) await database.destroy();
  });

  it.skipIf(skip)('sends each notice once when two nodes deliver at the same time', async () => {
    const [a, b] = database.stores.map(node) as [ReturnType<typeof node>, ReturnType<typeof node>];
    const keys = Array.from({ length: 45 }, (_, i) => `race:${i}`);
    for (const [i, key] of keys.entries())
      await a.notices.record(database.stores[0].db, notice(key, i + 1));
    clock.now += NOTICE_HANDOFF_MS;
    await Promise.all([
      a.notices.deliverDue(),
      b.notices.deliverDue(),
      a.notices.deliverDue(),
      b.notices.deliverDue(),
    ]);
    // Every key once, whichever node claimed it.
    const sent = [...a.sent, ...b.sent].map((m) => m.key);
    expect(sent.toSorted()).toEqual(keys.toSorted());
  });

  it.skipIf(skip)(
    'leaves a notice nobody claimed to the committing node, then to any node',
    async () => {
      const [a, b] = database.stores.map(node) as [
        ReturnType<typeof node>,
        ReturnType<typeof node>,
      ];
      // Recorded by a node that stopped before its own send.
      await a.notices.record(database.stores[0].db, notice('handoff:1'));
      clock.now += NOTICE_HANDOFF_MS - 1;
      await b.notices.deliverDue();
      expect(b.sent).toEqual([]);
      clock.now += 1;
      await b.notices.deliverDue();
      expect(b.sent.map((m) => [m.to, m.key])).toEqual([['trader-1@example.com', 'handoff:1']]);
      // The committing node, late: claimed already, so not sent twice.
      await a.notices.deliver('handoff:1');
      expect(a.sent).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'keeps a notice exactly when its transaction commits, and one per key',
    async () => {
      const [a] = database.stores.map(node) as [ReturnType<typeof node>];
      const db = database.stores[0].db;
      await expect(
        db.transaction().execute(async (trx) => {
          await a.notices.record(trx, notice('rolled-back:1'));
          throw new Error('the decision was refused');
        }),
      ).rejects.toThrow('refused');
      await db.transaction().execute(async (trx) => {
        await a.notices.record(trx, notice('twice:1'));
        await a.notices.record(trx, { ...notice('twice:1'), kind: 'deposit_rejected' });
      });
      const rows = await db
        .selectFrom('notice_outbox')
        .select(['dedupe_key', 'kind'])
        .where('dedupe_key', 'in', ['rolled-back:1', 'twice:1'])
        .execute();
      expect(rows).toEqual([{ dedupe_key: 'twice:1', kind: 'deposit_credited' }]);
      await a.notices.deliver('twice:1');
      expect(a.sent.map((m) => m.key)).toEqual(['twice:1']);
    },
  );
});
