import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createComplaintsRepository } from './complaints.repository.ts';
import { registerComplaintsRoutes } from './complaints.routes.ts';
import { createComplaintsService } from './complaints.service.ts';

/** Complaints (issue 12): the /mine/email calls, mailed to the complaint address, and the desk's. */
export const complaintsModule: AppModule<{
  db: Kysely<Database>;
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
      db: deps.db,
      complaints: createComplaintsRepository(deps.db),
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
