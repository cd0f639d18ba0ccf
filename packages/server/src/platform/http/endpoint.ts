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
import { AppError } from './app-error.ts';
import { tokenFromHeader } from './bearer-token.ts';
import { mergeParams, parseParams } from './params.ts';

type ParamsOf<E extends Endpoint> = E extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : undefined;
/**
 * What the registry needs to know of a logged-in caller to apply an endpoint's access level.
 * The users domain's record is one; the registry itself knows no domain.
 */
export interface Caller {
  isDemo: boolean;
}

type UserOf<E extends Endpoint, U extends Caller> = E['access'] extends 'visitor' ? null : U;

export interface EndpointContext<E extends Endpoint, U extends Caller> {
  params: ParamsOf<E>;
  /** The caller; null on visitor endpoints. */
  user: UserOf<E, U>;
  token: string | null;
  language: Language;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Replaces the default success message ("Success") with another message key. */
  setMessage(key: string, vars?: MessageVars): void;
}

export type EndpointHandler<E extends Endpoint, U extends Caller> = (
  context: EndpointContext<E, U>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

export function languageOf(request: FastifyRequest): Language {
  return normalizeLanguage(request.headers[LANG_HEADER]);
}

/**
 * Registers one endpoint of the contract: merges query and body, parses them with the
 * contract's schema, enforces the endpoint's access level, and wraps the answer in the
 * envelope. Handlers hold no HTTP concerns beyond what they return.
 */
export function registerEndpoint<E extends Endpoint, U extends Caller>(
  app: FastifyInstance,
  endpoint: E,
  authenticate: (token: string | null) => Promise<U | null>,
  handler: EndpointHandler<E, U>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const language = languageOf(request);
      const token = tokenFromHeader(request.headers.authorization);
      let user: U | null = null;
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
        user: user as UserOf<E, U>,
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
