import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Where the API answers: the trader's calls (`/api/…`, `/v1/api/…`, uploads included) and
 * the back office's (`/admin/api/…`). Everything else is the web and admin bundles, their
 * pages, logos, the OpenAPI UI and probes (`/health`, `/metrics`).
 */
const API_PREFIXES = ['/api/', '/v1/', '/admin/api/'] as const;

/** Whether the request is an API call (by its path, not the route that answered it). */
export function isApiRequest(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Fastify's request log lines, at info for API calls only. One page load fetches dozens of
 * assets, and logging each at info buried the calls (14 000 lines in 30 minutes): assets'
 * "incoming request" and "request completed" go to debug, and failures stay at error whatever
 * was asked for. The path decides, not the route: a mistyped API call that falls through to
 * the static files' wildcard is still an API call.
 */
export class ApiRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isApiRequest(request.url)) super.incomingRequest(request, reply);
    else request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || isApiRequest(request.url)) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  /** A phone leaving a page mid-download cuts its assets short: routine, not news. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const premature = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (!premature || isApiRequest(request.url)) super.streamError(error, request, reply);
    else reply.log.debug({ res: reply }, 'stream closed prematurely');
  }
}
