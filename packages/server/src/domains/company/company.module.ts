import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserRecord } from '../users/index.ts';
import { registerCompanyRoutes } from './company.routes.ts';
import { createCompanyService } from './company.service.ts';

/** The companies behind the platform (SPEC.md's company pages) and the operators' edits. */
export const companyModule: AppModule<{
  db: Kysely<Database>;
  settings: SettingsService;
  onSettingsChanged: () => Promise<void>;
  auth: AdminAuth;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  now: () => number;
}> = {
  name: 'company',
  register(app, { db, settings, onSettingsChanged, auth, authenticate, now }) {
    registerCompanyRoutes(app, {
      company: createCompanyService({ db, settings, onSettingsChanged, now }),
      auth,
      authenticate,
    });
    return { api: undefined };
  },
};
