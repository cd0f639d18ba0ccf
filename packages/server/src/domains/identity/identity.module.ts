import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createIdentitiesRepository, type IdentitiesRepository } from './identities.repository.ts';
import { registerIdentityRoutes } from './identity.routes.ts';
import { createIdentityService, type IdentityService } from './identity.service.ts';

/** Identity verification: the trader's submission and the operators' decisions on it. */
export const identityModule: AppModule<
  {
    db: Kysely<Database>;
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
    const identities = createIdentitiesRepository(deps.db);
    const identity = createIdentityService({ ...deps, identities });
    registerIdentityRoutes(app, { identity, authenticate: deps.authenticate });
    return { api: { identity, identities } };
  },
};
