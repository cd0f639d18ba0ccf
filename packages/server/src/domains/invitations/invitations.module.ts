import type { AppModule } from '../../platform/app/module.ts';
import type { IdentitiesRepository } from '../identity/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { registerInvitationsRoutes } from './invitations.routes.ts';
import { createInvitationsService } from './invitations.service.ts';

/** Invitations (issue 12): the /mine/invite calls, read from the users, areas and identities. */
export const invitationsModule: AppModule<{
  users: UsersRepository;
  settings: SettingsService;
  identities: IdentitiesRepository;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
}> = {
  name: 'invitations',
  register(app, { users, settings, identities, authenticate }) {
    registerInvitationsRoutes(app, {
      invitations: createInvitationsService({ users, areas: settings, identities }),
      authenticate,
    });
    return { api: undefined };
  },
};
