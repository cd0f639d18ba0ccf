import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DIALECTS } from '../../testing/dialects.ts';
import { RootDatabaseInCommandError, runInCommand } from './command-scope.ts';
import { type DialectName, openPostgres, openSqlite, type Store } from './database.ts';

/** The store exactly as main.ts opens it: a file for SQLite, a URL for PostgreSQL. */
async function openAsInProduction(dialect: DialectName): Promise<Store> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'guard-'));
    const store = openSqlite(path.join(dir, 'tradedesk.db'));
    return {
      ...store,
      async destroy() {
        await store.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createPostgresDatabase();
  const store = openPostgres(database.url);
  return {
    ...store,
    async destroy() {
      await store.destroy();
      await database.drop();
    },
  };
}

// Issue 38: the guard is part of every store, not a test option. A statement that asks the
// root database while a command is open would read outside the account's lock in production.
describe.each(DIALECTS)('a production store on $name', ({ name, skip }) => {
  let store: Store;
  beforeAll(async () => {
    if (!skip) store = await openAsInProduction(name);
  });
  afterAll(async () => {
    await store?.destroy();
  });

  it.skipIf(skip)('refuses the root database inside a command', async () => {
    const inside = runInCommand('reads-outside', () => sql`select 1 as one`.execute(store.db));
    await expect(inside).rejects.toBeInstanceOf(RootDatabaseInCommandError);
  });

  it.skipIf(skip)("serves the command's own transaction and everyone outside", async () => {
    const inTransaction = await store.db
      .transaction()
      .execute((trx) =>
        runInCommand('reads-inside', async () => (await sql`select 1 as one`.execute(trx)).rows),
      );
    expect(inTransaction).toHaveLength(1);
    const outside = await sql<{ one: number }>`select 1 as one`.execute(store.db);
    expect(Number(outside.rows[0]?.one)).toBe(1);
  });
});
