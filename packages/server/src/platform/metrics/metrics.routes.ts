import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Metrics, metrics as processMetrics } from './metrics.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever its socket. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compared as digests, so that neither the length nor the bytes leak through the timing. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/**
 * From this machine, not through a proxy on it: the socket's own address (not `request.ip`,
 * which `trustProxy` takes from a header) is loopback, and no forwarding header came along.
 */
function isLocal(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * `GET /metrics` in Prometheus' text format, for a scraper only: with a token configured
 * (METRICS_TOKEN), to requests carrying `Authorization: Bearer <token>`; without one, to
 * requests from the loopback address. Everyone else gets the 404 of an unknown route, in
 * the envelope, so that the endpoint does not show. A proxy on the same machine that adds
 * no forwarding header makes every request look local: such a deployment sets a token.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: { token: string | undefined; metrics?: Metrics },
): void {
  const registry = (options.metrics ?? processMetrics).registry;
  const token = options.token || undefined;
  app.get('/metrics', async (request, reply) => {
    const allowed = token === undefined ? isLocal(request) : carriesToken(request, token);
    if (!allowed) return reply.callNotFound();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
