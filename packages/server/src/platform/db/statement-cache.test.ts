import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('the SQLite statement cache', () => {
  it('prepares each query shape once and answers like an uncached database', async () => {
    const raw = new SQLite(':memory:');
    raw.defaultSafeIntegers(true);
    let prepared = 0;
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((text: string) => {
      prepared += 1;
      return prepare(text);
    }) as typeof raw.prepare;
    const db = new Kysely<{ t: { id: number; v: bigint } }>({
      dialect: new SqliteDialect({ database: withStatementCache(raw, 2) }),
    });
    await sql`create table t (id integer primary key, v integer not null)`.execute(db);
    for (let i = 1; i <= 5; i++)
      await db
        .insertInto('t')
        .values({ id: i, v: 2n ** 60n + BigInt(i) })
        .execute();
    const before = prepared;
    for (let i = 1; i <= 5; i++) {
      const row = await db
        .selectFrom('t')
        .selectAll()
        .where('id', '=', i)
        .executeTakeFirstOrThrow();
      expect(row.v).toBe(2n ** 60n + BigInt(i));
    }
    // Five selects of one shape: one preparation.
    expect(prepared - before).toBe(1);
    // Beyond the limit the oldest shapes are dropped and prepared again when they return.
    await db.selectFrom('t').select('id').execute();
    await db.selectFrom('t').select('v').execute();
    await db.selectFrom('t').selectAll().where('id', '=', 1).execute();
    expect(prepared - before).toBe(4);
    await db.destroy();
  });

  it('hands out a fresh statement while the cached one is still being iterated', () => {
    const raw = new SQLite(':memory:');
    raw.exec('create table t (id integer primary key); insert into t values (1), (2), (3);');
    const cached = withStatementCache(raw);
    const outer = cached.prepare('select id from t');
    const ids: unknown[] = [];
    for (const row of outer.iterate([])) {
      const inner = cached.prepare('select id from t');
      expect(inner).not.toBe(outer);
      ids.push((row as { id: number }).id, inner.all([]).length);
    }
    expect(ids).toEqual([1, 3, 2, 3, 3, 3]);
    raw.close();
  });
});
