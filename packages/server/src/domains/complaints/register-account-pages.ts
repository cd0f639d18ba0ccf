import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Notifier } from '../../platform/notify/notifier.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import {
  createInvitationsRepository,
  createInvitationsService,
  registerInvitationsRoutes,
} from '../invitations/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { SessionsService } from '../users/index.ts';
import { createComplaintsRepository } from './complaints.repository.ts';
import { registerComplaintsRoutes } from './complaints.routes.ts';
import { createComplaintsService } from './complaints.service.ts';

/** Invitations and complaints (issue 12): the /mine/invite and /mine/email calls, the desk's. */
export function registerAccountPages(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    sessions: SessionsService;
    auth: AdminAuth;
    settings: SettingsService;
    limiter: RateLimiter;
    notifier: Notifier;
    now: () => number;
  },
): void {
  const { db } = deps;
  const authenticate = deps.sessions.authenticate;
  registerInvitationsRoutes(app, {
    invitations: createInvitationsService({ invitations: createInvitationsRepository(db) }),
    authenticate,
  });
  const complaints = createComplaintsService({
    db,
    complaints: createComplaintsRepository(db),
    limiter: deps.limiter,
    notifier: deps.notifier,
    complaintAddress: async () => (await deps.settings.basicInfo()).complaint_email,
    log: app.log,
    now: deps.now,
  });
  registerComplaintsRoutes(app, { complaints, authenticate, auth: deps.auth });
}
