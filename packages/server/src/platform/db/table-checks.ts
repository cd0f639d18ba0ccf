import { type Kysely, sql } from 'kysely';
import type { DialectName } from './database.ts';

/** CHECK constraints by name: name → condition. */
export type Checks = Record<string, string>;

/**
 * Replaces a table's CHECK constraints: drops `drop` (named with the condition they were added
 * with) and adds `add`. PostgreSQL alters the table; SQLite cannot add or drop a constraint,
 * so the table is rebuilt from its own definition with the clauses swapped, its rows copied
 * and its indexes recreated.
 */
export async function replaceChecks(
  db: Kysely<unknown>,
  dialect: DialectName,
  table: string,
  change: { drop?: Checks; add: Checks },
): Promise<void> {
  const drop = change.drop ?? {};
  if (dialect === 'postgres') {
    for (const name of Object.keys(drop))
      await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`).execute(db);
    for (const [name, condition] of Object.entries(change.add))
      await sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${condition})`).execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; sql: string | null }>`
    SELECT type, sql FROM sqlite_master WHERE tbl_name = ${table}`.execute(db);
  let definition = rows.find((r) => r.type === 'table')!.sql!;
  const indexes = rows.filter((r) => r.type === 'index' && r.sql !== null).map((r) => r.sql!);
  for (const [name, condition] of Object.entries(drop)) {
    // As written here, or as Kysely's addCheckConstraint writes it (lower case, name quoted).
    const escaped = condition.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const clause = new RegExp(`,\\s*constraint\\s+"?${name}"?\\s+check\\s*\\(${escaped}\\)`, 'i');
    if (!clause.test(definition))
      throw new Error(`${table} has no constraint ${name} (${condition})`);
    definition = definition.replace(clause, '');
  }
  const constraints = Object.entries(change.add)
    .map(([name, condition]) => `, CONSTRAINT ${name} CHECK (${condition})`)
    .join('');
  const close = definition.lastIndexOf(')');
  const rebuilt = `${definition.slice(0, close)}${constraints})`.replace(
    /^CREATE TABLE "?\w+"?/i,
    `CREATE TABLE "${table}_checked"`,
  );
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`INSERT INTO "${table}_checked" SELECT * FROM "${table}"`).execute(db);
  await sql.raw(`DROP TABLE "${table}"`).execute(db);
  await sql.raw(`ALTER TABLE "${table}_checked" RENAME TO "${table}"`).execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}
