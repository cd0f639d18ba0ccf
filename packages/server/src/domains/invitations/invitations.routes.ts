import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { InvitationsService } from './invitations.service.ts';

/** GET /api/user/invite_list (real accounts: ENDPOINTS says so, the endpoint enforces it). */
export function registerInvitationsRoutes(
  app: FastifyInstance,
  deps: {
    invitations: InvitationsService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  registerEndpoint(app, ENDPOINTS.inviteList, deps.authenticate, ({ user, params }) =>
    deps.invitations.list(user, params.page),
  );
}
