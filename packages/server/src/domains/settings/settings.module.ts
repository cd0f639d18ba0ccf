import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { SettingsStore } from '../../platform/db/settings-store.ts';
import type { UserRecord } from '../users/index.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';
import type { AreasTables } from './tables.ts';

/** The operators' settings and the area list, and the calls that read them. */
export const settingsModule: AppModule<
  {
    db: Kysely<AreasTables>;
    /** The settings table (platform/db's) on the root database. */
    store: SettingsStore;
    demoStartBalance: string;
    withdrawals: { coolingHours: number };
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
  SettingsService
> = {
  name: 'settings',
  register(app, { db, store, demoStartBalance, withdrawals, authenticate }) {
    const settings = createSettingsService({ db, store, demoStartBalance, withdrawals });
    registerSettingsRoutes(app, { settings, authenticate });
    return { api: settings };
  },
};
