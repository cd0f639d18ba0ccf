import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import type { SessionsService, UsersRepository } from '../users/index.ts';
import { createChatTopic } from './chat-topic.ts';
import { createDeskSocket } from './desk-socket.ts';
import { createSupportRepository } from './support.repository.ts';
import { registerSupportRoutes } from './support.routes.ts';
import { createSupportService } from './support.service.ts';
import { registerSupportAdminRoutes } from './support-admin.routes.ts';
import type { SupportTables } from './tables.ts';

/**
 * The built-in customer-service chat (issue 12): the trader's calls and socket topic, the
 * support desk's calls and socket. The desk's sockets let go before the HTTP server closes.
 */
export const supportModule: AppModule<
  {
    db: Kysely<SupportTables>;
    /** A desk reply and its audit row, in one transaction. */
    transact: Transact;
    bus: Bus;
    users: UsersRepository;
    sessions: SessionsService;
    auth: AdminAuth;
    limiter: RateLimiter;
    now: () => number;
    config: Config;
  },
  { topic: TopicOwner }
> = {
  name: 'support',
  register(app, deps) {
    const support = createSupportService({
      db: deps.db,
      transact: deps.transact,
      repository: createSupportRepository(deps.db),
      users: deps.users,
      bus: deps.bus,
      limiter: deps.limiter,
      now: deps.now,
    });
    registerSupportRoutes(app, { support, authenticate: deps.sessions.authenticate });
    registerSupportAdminRoutes(app, { auth: deps.auth, support });
    const desk = createDeskSocket(app, { auth: deps.auth, bus: deps.bus, config: deps.config });
    return {
      api: { topic: createChatTopic(deps.bus) },
      start: () => desk.start(),
      release: () => desk.stop(),
    };
  },
};
