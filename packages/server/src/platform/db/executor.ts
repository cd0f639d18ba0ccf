import type { Kysely, Transaction } from 'kysely';

/**
 * The database or a transaction on it, typed with the tables its user owns (`Executor<
 * FundingTables>`): the compiler then refuses a query on another module's table. There is no
 * default: whoever takes an executor names the tables it may touch.
 */
export type Executor<DB> = Kysely<DB> | Transaction<DB>;

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
