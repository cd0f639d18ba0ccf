import type { Kysely } from 'kysely';
import { type AppModule, registered } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { TradingService } from '../trading/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createCopySignalsAdmin } from './copy-signals.admin.ts';
import { registerCopyingAdminRoutes } from './copying.admin.routes.ts';
import { createCopyingAdminService } from './copying.admin.service.ts';

/**
 * Copy trading in the back office (issue 29). A module of its own, added with the back
 * office: operator calls need the operators' `auth`, which exists only after copying's own
 * module, and they answer (and refuse by role) on nodes without a market too, where copy
 * accounts are valued at their stored cash.
 */
export const copyingAdminModule: AppModule<{
  db: Kysely<Database>;
  bus: Bus;
  users: UsersRepository;
  accountsRepository: AccountsRepository;
  auth: AdminAuth;
  trading?: TradingService | undefined;
  now: () => number;
}> = {
  name: 'copying-admin',
  register(app, deps) {
    const copyingAdmin = createCopyingAdminService({ ...deps, accounts: deps.accountsRepository });
    const copySignals = createCopySignalsAdmin(deps);
    registerCopyingAdminRoutes(app, { auth: deps.auth, copyingAdmin, copySignals });
    return registered(undefined);
  },
};
