import type { Config } from '../../config.ts';
import type { AppModule } from '../app/module.ts';
import { openStore, type Store, waitForDatabase } from './database.ts';
import { createDatabaseHealth, type DatabaseHealth } from './database-health.ts';
import { migrateToLatest } from './migrate.ts';
import { type DomainSeed, seed } from './seed.ts';

export interface OpenDatabase {
  store: Store;
  health: DatabaseHealth;
  /** Reports a background failure; a database outage is counted, not logged each time. */
  report: (what: string) => (error: unknown) => void;
}

/**
 * The store, reachable, migrated and seeded before any other module reads it; closed last.
 * A store the caller opened (tests share one per dialect) stays the caller's to close.
 */
export const databaseModule: AppModule<
  { config: Config; store: Store | undefined; seeds: readonly DomainSeed[]; now: () => number },
  OpenDatabase
> = {
  name: 'database',
  async register(app, deps) {
    const store = deps.store ?? openStore(deps.config);
    const health = createDatabaseHealth({ store, log: app.log, now: deps.now });
    const report = (what: string) => (error: unknown) => {
      if (!health.noteError(error)) app.log.error({ err: error }, what);
    };
    await waitForDatabase(store, {
      timeoutMs: deps.config.databaseWaitMs,
      log: (message) => app.log.warn(message),
    });
    await migrateToLatest(store);
    await seed(store, deps.seeds);
    return {
      api: { store, health, report },
      stop: deps.store ? undefined : () => store.destroy(),
    };
  },
};
