import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { UserRecord } from '../users/index.ts';
import { createInvitationsRepository } from './invitations.repository.ts';
import { registerInvitationsRoutes } from './invitations.routes.ts';
import { createInvitationsService } from './invitations.service.ts';

/** Invitations (issue 12): the /mine/invite calls. */
export const invitationsModule: AppModule<{
  db: Kysely<Database>;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
}> = {
  name: 'invitations',
  register(app, { db, authenticate }) {
    registerInvitationsRoutes(app, {
      invitations: createInvitationsService({ invitations: createInvitationsRepository(db) }),
      authenticate,
    });
    return { api: undefined };
  },
};
