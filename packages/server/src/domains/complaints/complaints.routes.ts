import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { ComplaintsService } from './complaints.service.ts';

/** The trader's complaint calls and the support desk's (contract ROUTES, ADMIN_ROUTES). */
export function registerComplaintsRoutes(
  app: FastifyInstance,
  deps: {
    complaints: ComplaintsService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    auth: AdminAuth;
  },
): void {
  const { complaints } = deps;
  registerEndpoint(app, ENDPOINTS.complaint, deps.authenticate, async (c) => {
    const filed = await complaints.file(c.user, c.params, c.language);
    c.setMessage('complaint.sent');
    return filed;
  });
  registerEndpoint(app, ENDPOINTS.complaintList, deps.authenticate, ({ user, params }) =>
    complaints.listOf(user, params.page),
  );
  const desk = { auth: deps.auth };
  registerAdminEndpoint(app, 'complaints', desk, ({ params }) =>
    complaints.queue(params.status, params.page),
  );
  registerAdminEndpoint(app, 'handleComplaint', desk, ({ params, actor }) =>
    complaints.markHandled(actor, params.id),
  );
  registerAdminEndpoint(app, 'answerComplaint', desk, ({ params, actor }) =>
    complaints.answer(actor, params.id, params.answer),
  );
}
