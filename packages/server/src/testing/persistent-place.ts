import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, openSqlite, type Store } from '../platform/db/database.ts';
import { createPostgresDatabase } from './dialects.ts';

/** Where a dialect's process keeps its data across kills: a folder, or a PostgreSQL database. */
export async function persistentPlace(
  dialect: 'sqlite' | 'postgres',
): Promise<{ env: Record<string, string>; open(): Store; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-crash-'));
  if (dialect === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir },
      open: (): Store => openSqlite(path.join(dataDir, 'app.db')),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    open: (): Store => openPostgres(database.url),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
