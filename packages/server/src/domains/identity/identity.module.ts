import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createIdentitiesRepository, type IdentitiesRepository } from './identities.repository.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import { createIdentityService, type IdentityService } from './identity.service.ts';
import type { IdentityTables } from './tables.ts';

/** Identity verification: the trader's submission and the operators' decisions on it. */
export const identityModule: AppModule<
  {
    db: Kysely<IdentityTables>;
    /** A submission and the uploads it claims, a decision and its audit row, commit together. */
    transact: Transact;
    uploads: UploadsService;
    users: UsersRepository;
    notices: TraderNotices;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    now: () => number;
  },
  { identity: IdentityService; identities: IdentitiesRepository }
> = {
  name: 'identity',
  register(app, deps) {
    const { uploads, users, notices, transact, now } = deps;
    const identities = createIdentitiesRepository(deps.db);
    // Compliance reads the documents an identity shows (UPLOAD_READERS).
    uploads.registerPurpose('identity', (name, ownerId) => identities.shows(ownerId, name));
    const identity = createIdentityService({
      identities,
      transact,
      uploads,
      users,
      notices,
      now,
    });
    registerIdentityRoutes(app, { identity, authenticate: deps.authenticate });
    return { api: { identity, identities } };
  },
};
