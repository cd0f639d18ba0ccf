import type { AppModule } from '../../platform/app/module.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { UserRecord } from '../users/index.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

/** The operators' settings and the area list, and the calls that read them. */
export const settingsModule: AppModule<
  {
    db: Executor;
    demoStartBalance: string;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
  SettingsService
> = {
  name: 'settings',
  register(app, { db, demoStartBalance, authenticate }) {
    const settings = createSettingsService({ db, demoStartBalance });
    registerSettingsRoutes(app, { settings, authenticate });
    return { api: settings };
  },
};
