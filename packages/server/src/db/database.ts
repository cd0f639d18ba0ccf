import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
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

export function openPostgres(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: 10 });
  // An idle client can be cut off (server restart, failover); the pool replaces it. Without
  // a listener the 'error' event would crash the process.
  pool.on('error', (error) => console.warn('PostgreSQL idle client error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/** SQLite in WAL mode with safe integers, so 64-bit money columns read back exactly. */
export function openSqlite(file: string): Store {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(true);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

export function openStore(options: {
  databaseUrl?: string | undefined;
  sqlitePath: string;
}): Store {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.sqlitePath);
}
