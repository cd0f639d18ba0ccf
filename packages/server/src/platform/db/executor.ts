import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database or a transaction on it: every repository method accepts either. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Unique-constraint violations in SQLite and PostgreSQL alike. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
