import { parseMicros } from '@tradedesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../../domains/users/users.repository.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { RootDatabaseInCommandError } from '../db/command-scope.ts';
import type { StoreTables } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';

// The command context (issue 26): a command reads and writes through its transaction only.
// Test stores carry the guard, so a command that asks the root database fails here.
describe.each(DIALECTS)('the command context on $name', ({ name, skip }) => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    userId = (await demoUser(t, `ctx-${name}`)).user.id;
    await t.core.open(userId);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ledgerRows = async () =>
    (await t.store.db.selectFrom('ledger').select('id').where('user_id', '=', userId).execute())
      .length;

  it.skipIf(skip)(
    'refuses a command that reads the root database, and commits nothing',
    async () => {
      const before = await ledgerRows();
      const run = t.core.execute(userId, {
        name: 'reads-outside-its-lock',
        async run(ctx) {
          ctx.post([{ kind: 'demo-credit', amount: parseMicros('1') }], null);
          // The defect the guard exists for: the settings read on another connection.
          await t.store.db.selectFrom('settings').select('key').execute();
        },
      });
      await expect(run).rejects.toBeInstanceOf(RootDatabaseInCommandError);
      await expect(run).rejects.toThrow('reads-outside-its-lock');
      expect(await ledgerRows()).toBe(before);
    },
  );

  it.skipIf(skip)('hands a command repositories bound to its transaction, once each', async () => {
    const seen: unknown[] = [];
    const email = await t.core.execute(userId, {
      name: 'reads-through-its-transaction',
      async run(ctx) {
        const users = ctx.repository(createUsersRepository);
        seen.push(users, ctx.repository(createUsersRepository));
        return (await users.findById(userId))?.id;
      },
    });
    expect(email).toBe(userId);
    expect(seen[0]).toBe(seen[1]);
  });

  it.skipIf(skip)('offers its transaction through repositories only', async () => {
    // Issue 38: a module reaches the command's transaction only through its own repositories,
    // so the compiler holds it to its own tables; the context carries no transaction itself.
    const fields = await t.core.execute(userId, {
      name: 'lists-its-context',
      run: async (ctx) => Object.keys(ctx),
    });
    expect(fields).toContain('repository');
    expect(fields).not.toContain('trx');
  });

  it.skipIf(skip)('reads the settings once, inside the transaction, after the lock', async () => {
    const reads: string[] = [];
    const feeTypes = await t.core.execute(userId, {
      name: 'reads-settings',
      async run(ctx) {
        const first = await ctx.settings();
        // Asked again, the command gets the same snapshot, not a second read.
        reads.push(first.get('trade_fee_type') ?? 'none');
        return [(await ctx.settings()).get('trade_fee_type'), first.get('trade_fee_type')];
      },
    });
    expect(feeTypes[0]).toBe(feeTypes[1]);
    expect(reads).toHaveLength(1);
  });

  it.skipIf(skip)('does not blame work a command left running after it ended', async () => {
    let later: Promise<unknown> | undefined;
    await t.core.execute(userId, {
      name: 'starts-background-work',
      async run() {
        later = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
          t.store.db.selectFrom('settings').select('key').execute(),
        );
      },
    });
    await expect(later).resolves.toBeInstanceOf(Array);
  });

  it.skipIf(skip)('leaves the root database usable outside commands', async () => {
    const executor: Executor<StoreTables> = t.store.db;
    expect((await executor.selectFrom('users').select('id').execute()).length).toBeGreaterThan(0);
  });
});
