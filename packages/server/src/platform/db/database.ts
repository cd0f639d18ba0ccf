import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Dialect,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { guardedDialect } from './guarded-dialect.ts';
import { withPreparedStatements } from './pg-prepared.ts';
import { withStatementCache } from './statement-cache.ts';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The tables of the store's database. Empty here, so that this platform module names no
 * module's tables (issue 38); the composition root (src/schema.ts) merges the whole Database
 * into it, as each module merges its topics into BusTopics.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in src/schema.ts.
export interface StoreTables {}

export interface Store {
  db: Kysely<StoreTables>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

const PG_INT8_OID = 20;

/** PostgreSQL's int8 comes back as bigint, exactly; everything else as pg parses it. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8_OID) return (value: string) => BigInt(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** How a store is opened. */
export interface StoreOptions {
  /** SQLite's fsync policy; FULL unless a benchmark or the power-loss test asks otherwise. */
  synchronous?: 'FULL' | 'NORMAL';
}

/**
 * Every store carries the command guard (issue 38), in production as in tests: a statement that
 * asks the root database for a connection while an account command is open fails instead of
 * reading outside the account's lock. It costs one AsyncLocalStorage lookup per connection
 * asked for; a command's own statements run on its transaction's connection and never ask.
 */
const withGuard = (dialect: Dialect) => guardedDialect(dialect);

export function openPostgres(url: string): Store {
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes,
    // Every COMMIT waits for its WAL flush, whatever the server's default (issue 27): an
    // acknowledged order survives the database host's power loss.
    options: '-c synchronous_commit=on',
    max: 10,
    // A database that does not answer fails the request in the envelope instead of holding it.
    connectionTimeoutMillis: 5_000,
  });
  // A client can be cut off (pg_terminate_backend, a restart, a failover) while idle in the
  // pool — the pool reports it here — or while checked out by a query or a transaction: the
  // client then emits 'error' itself, and an 'error' event nobody listens to ends the process
  // (issue 23). The statement it carried fails and answers in the envelope; the broken client
  // is dropped on release and the pool connects a new one for the next request.
  pool.on('error', (error) => console.warn('PostgreSQL idle client error:', error.message));
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
  });
  const dialect = new PostgresDialect({ pool: withPreparedStatements(pool) });
  const db = new Kysely<StoreTables>({ dialect: withGuard(dialect) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/** SQLite in WAL mode with safe integers, so 64-bit money columns read back exactly. */
export function openSqlite(file: string, options: StoreOptions = {}): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every COMMIT is fsynced before it returns, so an order we called placed survives a
  // power loss, not only a crash of the process (issue 27); group commit pays the fsync once
  // per batch.
  sqlite.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(true);
  const db = new Kysely<StoreTables>({
    dialect: withGuard(
      new SqliteDialectWithSafeRollback({ database: withStatementCache(sqlite) }, sqlite),
    ),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * SQLite rolls a transaction back by itself on some errors — "database or disk is full" among
 * them — and Kysely's ROLLBACK after that fails with "cannot rollback - no transaction is
 * active", which replaces the real error (a full disk logged thousands of those and hid its
 * cause). Rolling back only a transaction that is still open lets the real error through.
 */
class SqliteDialectWithSafeRollback extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly sqlite: SQLite.Database,
  ) {
    super(config);
  }

  override createDriver(): SqliteDriver {
    const sqlite = this.sqlite;
    const driver = super.createDriver() as SqliteDriver;
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/**
 * Start-up waits for the database (PostgreSQL starting, failing over, its host not yet
 * up) instead of exiting: it asks again with a growing pause, up to `timeoutMs` in all, and
 * says so in the log; past that it gives up with the last error.
 */
export async function waitForDatabase(
  store: Store,
  options: { timeoutMs: number; log: (message: string) => void },
): Promise<void> {
  const started = Date.now();
  let pause = 250;
  for (;;) {
    try {
      await sql`select 1`.execute(store.db);
      return;
    } catch (error) {
      const waited = Date.now() - started;
      if (waited + pause > options.timeoutMs) throw error;
      options.log(
        `database not reachable (${(error as Error).message}); asking again in ${pause} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 5_000);
    }
  }
}

export function openStore(options: {
  databaseUrl?: string | undefined;
  sqlitePath: string;
  sqliteSynchronous?: 'FULL' | 'NORMAL';
}): Store {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.sqlitePath, { synchronous: options.sqliteSynchronous ?? 'FULL' });
}
