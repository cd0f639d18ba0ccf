import { type Language, SUCCESS_CODE } from '@tradedesk/contract';
import { ADMIN_ENDPOINTS, type AdminEndpointName } from '@tradedesk/contract/admin';
import { translateMessage } from '@tradedesk/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { tokenFromHeader } from '../http/bearer-token.ts';
import { languageOf } from '../http/endpoint.ts';
import { mergeParams, parseParams } from '../http/params.ts';
import type { AdminAuth } from './admin-auth.service.ts';
import type { AuditActor } from './audit-log.ts';
import type { OperatorRecord } from './operators.repository.ts';

type Endpoints = typeof ADMIN_ENDPOINTS;
type ParamsOf<N extends AdminEndpointName> = Endpoints[N] extends {
  request: infer R extends z.ZodType;
}
  ? z.output<R>
  : undefined;
type OperatorOf<N extends AdminEndpointName> = Endpoints[N]['access'] extends 'public'
  ? null
  : OperatorRecord;

export interface AdminContext<N extends AdminEndpointName> {
  params: ParamsOf<N>;
  operator: OperatorOf<N>;
  token: string | null;
  language: Language;
  ip: string;
  /** Who the audit rows of this request name. */
  actor: AuditActor;
  request: FastifyRequest;
}

export type AdminHandler<N extends AdminEndpointName> = (
  context: AdminContext<N>,
) => Promise<z.input<Endpoints[N]['response']>>;

/** What an operator who must enrol two-factor (ADMIN_REQUIRE_2FA) may still do. */
const OPEN_BEFORE_TWO_FACTOR: ReadonlySet<AdminEndpointName> = new Set([
  'me',
  'logout',
  'otpSetup',
  'otpEnable',
]);

/**
 * What the owner still on the generated first password may do (issue 37): say who they are,
 * leave, and replace it.
 */
const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<AdminEndpointName> = new Set([
  'me',
  'logout',
  'changePassword',
]);

export interface AdminEndpointDeps {
  auth: AdminAuth;
}

/**
 * Registers one operator call of the contract: who may make it (`AdminAuth.authorize`: the
 * operator's own session, the role, a password of their own, enrolment when two-factor is
 * mandatory), parameters from the path, query and body parsed by
 * the contract's schema, and the envelope.
 */
export function registerAdminEndpoint<N extends AdminEndpointName>(
  app: FastifyInstance,
  name: N,
  deps: AdminEndpointDeps,
  handler: AdminHandler<N>,
): void {
  const endpoint = ADMIN_ENDPOINTS[name];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request) => {
      const language = languageOf(request);
      const token = tokenFromHeader(request.headers.authorization);
      const operator =
        endpoint.access === 'public'
          ? null
          : await deps.auth.authorize(token, endpoint.access, {
              duringEnrolment: OPEN_BEFORE_TWO_FACTOR.has(name),
              beforePasswordChange: OPEN_BEFORE_PASSWORD_CHANGE.has(name),
            });
      // Path parameters last: `/users/7?id=8` is user 7, whatever the query says.
      const raw = mergeParams(request.query, request.body);
      Object.assign(raw, mergeParams(request.params, undefined));
      const params = (
        'request' in endpoint ? parseParams(endpoint.request, raw) : undefined
      ) as ParamsOf<N>;
      const data = await handler({
        params,
        operator: operator as OperatorOf<N>,
        token,
        language,
        ip: request.ip,
        actor: {
          adminId: operator?.id ?? null,
          email: operator?.email ?? '',
          role: operator?.role ?? '',
          ip: request.ip,
        },
        request,
      });
      return {
        code: SUCCESS_CODE,
        msg: translateMessage(language, 'public.success'),
        data: data ?? null,
      };
    },
  });
}
