import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { IdentityService } from './identity.service.ts';

/** The trader's side of real-name verification (SPEC.md §7, paths verbatim). */
export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: {
    identity: IdentityService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  registerEndpoint(app, ENDPOINTS.identityCenter, deps.authenticate, ({ user }) =>
    deps.identity.center(user),
  );
  registerEndpoint(app, ENDPOINTS.realName, deps.authenticate, ({ user, params, language }) =>
    deps.identity.submit(user, params, language),
  );
}
