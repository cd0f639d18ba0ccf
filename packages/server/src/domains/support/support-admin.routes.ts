import type { FastifyInstance } from 'fastify';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { SupportService } from './support.service.ts';

/** The support desk's side of the built-in chat (contract/admin, role support). */
export function registerSupportAdminRoutes(
  app: FastifyInstance,
  deps: { auth: AdminAuth; support: SupportService },
): void {
  const endpointDeps = { auth: deps.auth };
  const { support } = deps;
  registerAdminEndpoint(app, 'supportInbox', endpointDeps, ({ params }) =>
    support.inbox(params.page),
  );
  registerAdminEndpoint(app, 'supportThread', endpointDeps, ({ params }) =>
    support.thread(params.id, params.before, params.limit),
  );
  registerAdminEndpoint(app, 'supportReply', endpointDeps, ({ params, operator, actor }) =>
    support.reply(operator, actor, params.id, params.content),
  );
  registerAdminEndpoint(app, 'supportRead', endpointDeps, ({ params }) =>
    support.deskRead(params.id, params.last_id),
  );
}
