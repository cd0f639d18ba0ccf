import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createCompaniesRepository } from './companies.repository.ts';
import { registerCompanyRoutes } from './company.routes.ts';
import { createCompanyService } from './company.service.ts';
import type { CompanyTables } from './tables.ts';

/** The companies behind the platform (SPEC.md's company pages) and the operators' edits. */
export const companyModule: AppModule<{
  db: Kysely<CompanyTables>;
  /** An operator's change and its audit row, in one transaction. */
  transact: Transact;
  settings: SettingsService;
  onSettingsChanged: () => Promise<void>;
  auth: AdminAuth;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  now: () => number;
}> = {
  name: 'company',
  register(app, { db, transact, settings, onSettingsChanged, auth, authenticate, now }) {
    const companies = createCompaniesRepository(db);
    registerCompanyRoutes(app, {
      company: createCompanyService({ companies, transact, settings, onSettingsChanged, now }),
      auth,
      authenticate,
    });
    return { api: undefined };
  },
};
