import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { SupportService } from './support.service.ts';

/** The trader's side of the built-in chat: only ever the caller's own conversation. */
export function registerSupportRoutes(
  app: FastifyInstance,
  deps: {
    support: SupportService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { support, authenticate } = deps;
  registerEndpoint(app, ENDPOINTS.chatMessages, authenticate, ({ user, params }) =>
    support.messages(user, params.before, params.limit),
  );
  registerEndpoint(app, ENDPOINTS.chatSend, authenticate, ({ user, params }) =>
    support.send(user, params.content),
  );
  registerEndpoint(app, ENDPOINTS.chatRead, authenticate, ({ user, params }) =>
    support.markRead(user, params.last_id),
  );
  registerEndpoint(app, ENDPOINTS.chatUnread, authenticate, ({ user }) => support.unread(user));
}
