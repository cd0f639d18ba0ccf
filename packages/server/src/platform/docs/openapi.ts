import { ENDPOINTS, type Endpoint, RESULT_CODES } from '@tradedesk/contract';
import { ADMIN_ENDPOINTS, type AdminAccess } from '@tradedesk/contract/admin';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: {
        type: 'integer',
        description: '1 success, 999 invalid session, other codes refusals',
      },
      msg: { type: 'string', description: 'Translated by the lang header' },
      data,
    },
  };
}

/** An operator call as the document describes it: who may make it, in words. */
interface DocumentedEndpoint extends Omit<Endpoint, 'access'> {
  access: Endpoint['access'] | AdminAccess;
}

const PATH_PARAM = /:(\w+)/g;

function accessText(access: DocumentedEndpoint['access']): string {
  if (typeof access === 'string') return access;
  return `operator with role ${['owner', ...access].join(' or ')}`;
}

function operation(name: string, endpoint: DocumentedEndpoint, tag?: string): JsonSchema {
  const op: JsonSchema = {
    operationId: name,
    summary: endpoint.summary,
    tags: [tag ?? endpoint.path.split('/').slice(-2, -1)[0] ?? 'api'],
    description: `Access: ${accessText(endpoint.access)}.`,
    responses: {
      '200': {
        description: 'Envelope; check `code`',
        content: {
          'application/json': { schema: envelopeOf(toSchema(endpoint.response, 'output')) },
        },
      },
    },
  };
  if (tag === 'admin') {
    if (endpoint.access !== 'public') op.security = [{ operatorToken: [] }];
  } else if (endpoint.access !== 'visitor') op.security = [{ token: [] }];
  const pathParams = [...endpoint.path.matchAll(PATH_PARAM)].map((m) => m[1]!);
  const headers = [
    ...pathParams.map((param) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    })),
    ...(endpoint.headers ?? []).map((h) => ({
      name: h.name,
      in: 'header',
      required: false,
      description: h.description,
      schema: { type: 'string' },
    })),
  ];
  if (endpoint.request) {
    const schema = toSchema(endpoint.request, 'input');
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      op.parameters = [
        ...headers,
        ...Object.entries(properties)
          .filter(([param]) => !pathParams.includes(param))
          .map(([param, s]) => ({
            name: param,
            in: 'query',
            required: required.has(param),
            schema: s,
          })),
      ];
    } else {
      if (headers.length > 0) op.parameters = headers;
      op.requestBody = {
        content: {
          'application/json': { schema },
          'application/x-www-form-urlencoded': { schema },
        },
      };
    }
  }
  return op;
}

/** The OpenAPI 3.1 document of every endpoint in the contract. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  // The back office's calls: their own token (an operator session), `:id` as a path parameter.
  for (const [name, endpoint] of Object.entries(ADMIN_ENDPOINTS) as [
    string,
    DocumentedEndpoint,
  ][]) {
    const path = endpoint.path.replace(PATH_PARAM, '{$1}');
    paths[path] ??= {};
    paths[path]![endpoint.method.toLowerCase()] = operation(`admin.${name}`, endpoint, 'admin');
  }
  const codes = Object.entries(RESULT_CODES)
    .map(([name, r]) => `| ${r.code} | ${name} | ${r.key} |`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'TradeDesk API',
      version: '0.1.0',
      description: `Every answer is an envelope {code, msg, data}. Parameters may be sent as JSON, form-urlencoded or query strings. Send \`lang\` to translate \`msg\`, \`authorization\` with the session token.\n\n| code | name | message key |\n|---|---|---|\n${codes}`,
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'authorization' },
        operatorToken: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'An operator session token from POST /admin/api/login',
        },
      },
    },
    paths,
  };
}
