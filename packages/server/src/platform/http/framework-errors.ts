import http from 'node:http';
import type { Socket } from 'node:net';
import {
  DEFAULT_LANGUAGE,
  type Language,
  RESULT_CODES,
  type ResultName,
} from '@tradedesk/contract';
import { type MessageVars, translateMessage } from '@tradedesk/contract/messages';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { languageOf } from './endpoint.ts';

/**
 * The edge of the HTTP server, before a request reaches a route: how long a client may take,
 * how many may connect, what the request log line shows, and the envelope answered when
 * Fastify or Node refuse a request themselves (a bad URL, a header block over Node's limit,
 * a body over the body limit, a client too slow to send its headers).
 */

export interface ServerLimits {
  /** A request's headers must be complete this long after its first byte (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * A socket on which nothing moves either way for this long is closed: a client that stops
   * reading its answer. Upgraded WebSockets are exempt (ws clears the socket's timeout; the
   * gateway closes silent sockets itself).
   */
  idleTimeoutMs: number;
  /**
   * How often Node looks for requests over the first two timeouts: they are enforced this late
   * at most. Node's default, 30 s, would let a slow client hold its socket for 40 s instead of 10.
   */
  timeoutCheckMs: number;
  /** Connections beyond this are refused at accept, WebSockets included. */
  maxConnections: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Behind a load balancer this must exceed the balancer's own idle timeout, or it may send a
  // request on a connection this server is closing.
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  timeoutCheckMs: 1_000,
  maxConnections: 10_000,
};

interface Answer {
  status: number;
  result: ResultName;
  vars?: MessageVars;
}

/** Fastify's own refusals, by error code. */
const FASTIFY_ANSWERS: ReadonlyMap<string, Answer> = new Map(
  Object.entries({
    FST_ERR_BAD_URL: { status: 400, result: 'BAD_REQUEST', vars: { field: 'url' } },
    FST_ERR_MAX_PARAM_LENGTH: { status: 414, result: 'REQUEST_TOO_LARGE' },
    FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, result: 'REQUEST_TOO_LARGE' },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      status: 415,
      result: 'BAD_REQUEST',
      vars: { field: 'content-type' },
    },
  } satisfies Record<string, Answer>),
);

/** Node's refusals at the socket, by error code; anything else is a malformed request. */
const SOCKET_ANSWERS: ReadonlyMap<string, Answer> = new Map(
  Object.entries({
    HPE_HEADER_OVERFLOW: { status: 431, result: 'REQUEST_TOO_LARGE' },
    HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, result: 'REQUEST_TOO_LARGE' },
    HPE_INVALID_URL: { status: 400, result: 'BAD_REQUEST', vars: { field: 'url' } },
    ERR_HTTP_REQUEST_TIMEOUT: { status: 408, result: 'BAD_REQUEST', vars: { field: 'request' } },
  } satisfies Record<string, Answer>),
);
const MALFORMED: Answer = { status: 400, result: 'BAD_REQUEST', vars: { field: 'request' } };

function envelope(language: Language, answer: Answer): string {
  const result = RESULT_CODES[answer.result];
  return JSON.stringify({
    code: result.code,
    msg: translateMessage(language, result.key, answer.vars),
    data: null,
  });
}

function sendEnvelope(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  return (
    reply
      .status(answer.status)
      .type('application/json; charset=utf-8')
      // Answers before routing miss the hooks that set the protective headers.
      .header('x-content-type-options', 'nosniff')
      .send(envelope(languageOf(request), answer))
  );
}

/**
 * Answers one of Fastify's own errors that has a meaning of its own (a body over the limit is
 * REQUEST_TOO_LARGE, not a generic bad request), or returns undefined for any other error.
 * The central error handler may call it first for the errors that reach it.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const answer = FASTIFY_ANSWERS.get(error.code);
  if (!answer) return undefined;
  request.log.info({ err: error }, 'refused by the framework');
  return sendEnvelope(request, reply, answer);
}

/** Fastify's `frameworkErrors`: what fails before routing (a URL that does not decode). */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (answerFrameworkError(error, request, reply)) return;
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'framework error');
    sendEnvelope(request, reply, { status: 500, result: 'INTERNAL' });
  } else {
    request.log.info({ err: error }, 'refused by the framework');
    sendEnvelope(request, reply, { ...MALFORMED, status });
  }
}

/** Whether the socket already carries (part of) a response: more bytes would corrupt it. */
function isAnswering(socket: Socket): boolean {
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return current?.headersSent === true;
}

/** A complete HTTP/1.1 response, for a socket no request or reply object exists for. */
function rawResponse(answer: Answer): string {
  // No request was parsed, so there is no lang header to read: the default language answers.
  const body = envelope(DEFAULT_LANGUAGE, answer);
  return [
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    'x-content-type-options: nosniff',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the bytes on a socket (a header block
 * over its limit, a broken request line) or a request's timeout expired. There is no request
 * to reply to, so the envelope goes out as raw HTTP and the connection is closed.
 */
function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // The peer is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code && SOCKET_ANSWERS.get(error.code)) || MALFORMED;
  // Debug only: a flood of slow or broken clients must not flood the log too.
  this.log.debug({ code: error.code, status: answer.status }, 'client error');
  if (socket.writable && !isAnswering(socket)) socket.write(rawResponse(answer));
  socket.destroy();
}

/**
 * Fastify constructor options for the server's edge: the timeouts that end slow clients, and
 * the two handlers that answer in the envelope where Fastify would answer in its own shape.
 */
export function edgeOptions(overrides: Partial<ServerLimits> = {}) {
  const limits = { ...SERVER_LIMITS, ...overrides };
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // What reaches http.createServer: headersTimeout and the checking interval exist only here.
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckMs,
    },
    frameworkErrors,
    clientErrorHandler,
  };
}

/** What the constructor cannot take: the cap on connections is a property of the server. */
export function capConnections(app: FastifyInstance, overrides: Partial<ServerLimits> = {}): void {
  app.server.maxConnections = overrides.maxConnections ?? SERVER_LIMITS.maxConnections;
}

/** Request fields that hold a secret: never printed, whatever logs them. */
const SECRET_FIELDS = [
  'code',
  'password',
  're_password',
  'new_password',
  'secondary_password',
  'sms_code',
  'auth_code',
  'captcha_code',
  'token',
];
const SECRET_NAMES = new Set(SECRET_FIELDS);

function isSecretName(encoded: string): boolean {
  try {
    return SECRET_NAMES.has(decodeURIComponent(encoded.replace(/\+/g, ' ')).toLowerCase());
  } catch {
    return false;
  }
}

/** The URL with the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return isSecretName(name) ? `${name}=[Redacted]` : pair;
    });
  return `${url.slice(0, mark + 1)}${pairs.join('&')}`;
}

/**
 * pino options for the request log. Fastify logs no body, but it does log every request's URL,
 * and the API accepts its parameters as a query string too: a password sent that way would be
 * printed with it. The redact paths guard the shapes a body or parameters would be logged in.
 */
export const LOG_REDACTION = {
  redact: [
    'req.headers.authorization',
    'req.headers.cookie',
    ...SECRET_FIELDS.flatMap((field) =>
      ['body', 'req.body', 'params', 'query', 'req.query'].map((at) => `${at}.${field}`),
    ),
  ],
  serializers: {
    // Fastify's own request serializer, with the URL's secrets redacted.
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      version: request.headers['accept-version']?.toString(),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};
