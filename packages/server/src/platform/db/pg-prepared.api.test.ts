import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DIALECTS } from '../../testing/dialects.ts';
import { withPreparedStatements } from './pg-prepared.ts';

const skip = DIALECTS.find((d) => d.name === 'postgres')!.skip;

interface Scratch {
  items: { id: number; label: string; extra?: string | null };
}

// Statements prepared once per connection (issue 27), on one connection so that what it
// prepared can be seen and a schema change can reach a statement it already holds.
describe.skipIf(skip)('prepared statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: Kysely<Scratch>;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    db = new Kysely<Scratch>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
    });
    await sql`create table items (id integer primary key, label text not null)`.execute(db);
    await db.insertInto('items').values({ id: 1, label: 'one' }).execute();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const byId = (id: number) => db.selectFrom('items').selectAll().where('id', '=', id).execute();
  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(db)
    ).rows;

  it('prepares a statement with parameters once and reuses it; runs the rest unnamed', async () => {
    expect(await byId(1)).toEqual([{ id: 1, label: 'one' }]);
    expect(await byId(2)).toEqual([]);
    const rows = await prepared();
    const select = rows.filter((r) => r.statement.startsWith('select * from "items"'));
    expect(select).toHaveLength(1);
    expect(select[0]!.name).toMatch(/^td_[0-9a-f]{20}$/);
    // Statements without parameters (the CREATE TABLE, this very query) run unnamed.
    expect(rows.some((r) => /create table/i.test(r.statement))).toBe(false);
  });

  it('runs a statement unnamed once its table changed under the plan it holds', async () => {
    expect(await byId(1)).toEqual([{ id: 1, label: 'one' }]);
    await sql`alter table items add column extra text`.execute(db);
    // PostgreSQL refuses the old plan of "select *" (0A000); the wrapper runs it anew.
    expect(await byId(1)).toEqual([{ id: 1, label: 'one', extra: null }]);
    expect(await byId(1)).toEqual([{ id: 1, label: 'one', extra: null }]);
  });
});
