import pg from 'pg';
import { type DialectName, openPostgres, openSqlite, type Store } from '../platform/db/database.ts';

/** Where the PostgreSQL tests run; every machine of ours has it (trust auth, database test). */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresAvailable = await postgresReachable();
if (!postgresAvailable) {
  if (process.env.CI === 'true') {
    throw new Error(
      `PostgreSQL is required when CI=true but ${TEST_POSTGRES_URL} is not reachable`,
    );
  }
  console.warn(
    `PostgreSQL at ${TEST_POSTGRES_URL} is not reachable: its tests are skipped on this machine.`,
  );
}

/** The dialects every database test runs against (Kysely's own tests' pattern). */
export const DIALECTS: readonly { name: DialectName; skip: boolean }[] = [
  { name: 'sqlite', skip: false },
  { name: 'postgres', skip: !postgresAvailable },
];

/** A new, empty PostgreSQL database: its URL, and how to drop it again. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `td_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, empty database: an in-memory SQLite, or a new PostgreSQL database dropped
 * again by `destroy`. Its commands are guarded (platform/db/guarded-dialect.ts).
 */
export async function createTestStore(dialect: DialectName): Promise<Store> {
  // With the guard: a command that reads or writes outside its transaction fails its test.
  if (dialect === 'sqlite') return openSqlite(':memory:');
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
