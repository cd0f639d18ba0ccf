import {
  type Endpoint,
  LANG_HEADER,
  type Language,
  normalizeLanguage,
  SUCCESS_CODE,
} from '@tradedesk/contract';
import { type MessageVars, translateMessage } from '@tradedesk/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { tokenFromHeader } from '../domains/users/sessions.service.ts';
import type { UserRecord } from '../domains/users/users.repository.ts';
import { AppError } from './app-error.ts';
import { mergeParams, parseParams } from './params.ts';

type ParamsOf<E extends Endpoint> = E extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : undefined;
type UserOf<E extends Endpoint> = E['access'] extends 'visitor' ? null : UserRecord;

export interface EndpointContext<E extends Endpoint> {
  params: ParamsOf<E>;
  /** The caller; null on visitor endpoints. */
  user: UserOf<E>;
  token: string | null;
  language: Language;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Replaces the default success message ("Success") with another message key. */
  setMessage(key: string, vars?: MessageVars): void;
}

export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

export function languageOf(request: FastifyRequest): Language {
  return normalizeLanguage(request.headers[LANG_HEADER]);
}

/**
 * Registers one endpoint of the contract: merges query and body, parses them with the
 * contract's schema, enforces the endpoint's access level, and wraps the answer in the
 * envelope. Handlers hold no HTTP concerns beyond what they return.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  authenticate: (token: string | null) => Promise<UserRecord | null>,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const language = languageOf(request);
      const token = tokenFromHeader(request.headers.authorization);
      let user: UserRecord | null = null;
      if (endpoint.access !== 'visitor') {
        user = await authenticate(token);
        if (!user) throw new AppError('INVALID_SESSION');
        if (endpoint.access === 'real' && user.isDemo) throw new AppError('REAL_ACCOUNT_ONLY');
        if (endpoint.access === 'admin') throw new AppError('INVALID_SESSION');
      }
      const raw = mergeParams(request.query, request.body);
      const params = (
        endpoint.request ? parseParams(endpoint.request, raw) : undefined
      ) as ParamsOf<E>;
      let message: { key: string; vars?: MessageVars } = { key: 'public.success' };
      const data = await handler({
        params,
        user: user as UserOf<E>,
        token,
        language,
        ip: request.ip,
        request,
        reply,
        setMessage: (key, vars) => {
          message = vars ? { key, vars } : { key };
        },
      });
      return {
        code: SUCCESS_CODE,
        msg: translateMessage(language, message.key, message.vars),
        data: data ?? null,
      };
    },
  });
}
