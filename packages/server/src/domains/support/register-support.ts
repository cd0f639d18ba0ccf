import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { SessionsService, UsersRepository } from '../users/index.ts';
import { createDeskSocket } from './desk-socket.ts';
import { createSupportRepository } from './support.repository.ts';
import { registerSupportRoutes } from './support.routes.ts';
import { createSupportService } from './support.service.ts';
import { registerSupportAdminRoutes } from './support-admin.routes.ts';

/** The built-in customer-service chat (issue 12): the trader's calls and the support desk's. */
export function registerSupport(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    bus: Bus;
    users: UsersRepository;
    sessions: SessionsService;
    auth: AdminAuth;
    limiter: RateLimiter;
    now: () => number;
  },
): void {
  const support = createSupportService({
    db: deps.db,
    repository: createSupportRepository(deps.db),
    users: deps.users,
    bus: deps.bus,
    limiter: deps.limiter,
    now: deps.now,
  });
  registerSupportRoutes(app, { support, authenticate: deps.sessions.authenticate });
  registerSupportAdminRoutes(app, { auth: deps.auth, support });
  const desk = createDeskSocket(app, { auth: deps.auth, bus: deps.bus });
  app.addHook('onReady', async () => desk.start());
  // Before the HTTP server closes: it waits for every connection, upgraded sockets too.
  app.addHook('preClose', async () => desk.stop());
}
