import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { OperatorsRepository } from '../../platform/operators/operators.repository.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createComplaintsRepository } from './complaints.repository.ts';
import { registerComplaintsRoutes } from './complaints.routes.ts';
import { createComplaintsService } from './complaints.service.ts';
import { createDeskComplaints } from './desk-complaints.ts';
import type { ComplaintsTables } from './tables.ts';

/** Complaints (issue 12): the /mine/email calls, mailed to the complaint address, and the desk's. */
export const complaintsModule: AppModule<{
  db: Kysely<ComplaintsTables>;
  /** A desk's step and its audit row, in one transaction. */
  transact: Transact;
  /** Who filed each complaint, as the desk lists them. */
  users: UsersRepository;
  /** Who handled and answered each complaint. */
  operators: OperatorsRepository;
  settings: SettingsService;
  auth: AdminAuth;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  limiter: RateLimiter;
  notifier: Notifier;
  now: () => number;
}> = {
  name: 'complaints',
  register(app, deps) {
    const complaints = createComplaintsService({
      transact: deps.transact,
      complaints: createComplaintsRepository(deps.db),
      toDesk: createDeskComplaints({ users: deps.users, operators: deps.operators }),
      limiter: deps.limiter,
      notifier: deps.notifier,
      complaintAddress: async () => (await deps.settings.basicInfo()).complaint_email,
      log: app.log,
      now: deps.now,
    });
    registerComplaintsRoutes(app, { complaints, authenticate: deps.authenticate, auth: deps.auth });
    return { api: undefined };
  },
};
