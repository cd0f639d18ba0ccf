import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';

/** The route label of a request that matched none: one label for every unknown path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The scrape's own route: counting it would only measure Prometheus. */
const METRICS_ROUTE = '/metrics';

/**
 * The route's pattern (`/v1/api/forex/:id`), not the path: ids and probes of random paths
 * would otherwise make a label value each. Fastify leaves the pattern undefined for a 404
 * from no route and for `callNotFound()` (a hidden /metrics answers as an unknown path does).
 */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Counts every HTTP answer and times it, by method, route pattern and status
 * (`tradedesk_http_requests_total`, `tradedesk_http_request_duration_seconds`). The hook is
 * added on the root instance, so routes registered after it, in any plugin, are counted.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    if (route === METRICS_ROUTE) return;
    const { method } = request;
    metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    metrics.httpRequestDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
