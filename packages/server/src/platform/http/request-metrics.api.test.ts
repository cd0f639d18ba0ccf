import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { registerMetricsRoute } from '../metrics/metrics.routes.ts';
import { createMetrics, type Metrics } from '../metrics/metrics.ts';
import { installErrorHandling } from './error-handler.ts';
import { registerRequestMetrics, UNMATCHED_ROUTE } from './request-metrics.ts';

/** A sample's value in Prometheus text: the line of `name` carrying every label given; 0 if none. */
function sampleOf(text: string, name: string, labels: Record<string, string>): number {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && pairs.every((pair) => l.includes(pair)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('HTTP request metrics on a bare app', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function start(): Promise<{ app: FastifyInstance; metrics: Metrics }> {
    const metrics = createMetrics({ processMetrics: false });
    const started = Fastify();
    app = started;
    installErrorHandling(started);
    registerRequestMetrics(started, metrics);
    started.get('/orders/:id', async () => ({ ok: true }));
    started.post('/orders/:id/fail', async () => {
      throw new Error('boom');
    });
    registerMetricsRoute(started, { token: undefined, metrics });
    await started.ready();
    return { app: started, metrics };
  }

  it('counts by route pattern and status, never by the raw path', async () => {
    const { app, metrics } = await start();
    await app.inject({ method: 'GET', url: '/orders/1' });
    await app.inject({ method: 'GET', url: '/orders/2?x=1' });
    await app.inject({ method: 'POST', url: '/orders/3/fail' });
    await app.inject({ method: 'GET', url: '/no/such/path/42' });
    await app.inject({ method: 'GET', url: '/no/such/path/43' });

    const counted = (await metrics.httpRequests.get()).values.map((v) => [v.labels, v.value]);
    expect(counted).toEqual(
      expect.arrayContaining([
        [{ method: 'GET', route: '/orders/:id', status: '200' }, 2],
        [{ method: 'POST', route: '/orders/:id/fail', status: '500' }, 1],
        [{ method: 'GET', route: UNMATCHED_ROUTE, status: '404' }, 2],
      ]),
    );
    expect(counted).toHaveLength(3);
    const durations = (await metrics.httpRequestDuration.get()).values;
    const timed = durations.filter((v) => v.metricName?.endsWith('_count'));
    expect(timed.map((v) => [v.labels, v.value])).toEqual(
      expect.arrayContaining([
        [{ method: 'GET', route: '/orders/:id' }, 2],
        [{ method: 'GET', route: UNMATCHED_ROUTE }, 2],
      ]),
    );
  });

  it('leaves the scrape itself out', async () => {
    const { app, metrics } = await start();
    const scrape = await app.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    // The scrape's own answer is counted after it is sent: a second scrape would show it.
    await app.inject({ method: 'GET', url: '/metrics' });
    expect((await metrics.httpRequests.get()).values).toEqual([]);
    expect(scrape.body).toContain('# TYPE tradedesk_http_requests_total counter');
    expect(scrape.body).toContain('# TYPE tradedesk_http_request_duration_seconds histogram');
  });
});

describe('HTTP request metrics of the whole app', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('are counted from the HTTP edge and served at /metrics', async () => {
    t = await startTestApp('sqlite');
    const app = t.app;
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const users = { method: 'GET', route: '/admin/api/users/:id' };
    const health = { method: 'GET', route: '/health', status: '200' };
    const unmatched = { method: 'GET', route: UNMATCHED_ROUTE, status: '404' };
    const before = await scrape();

    await app.inject({ method: 'GET', url: '/admin/api/users/7' });
    await app.inject({ method: 'GET', url: '/admin/api/users/8' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/no-such-page/123' });

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string>) =>
      sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(grew('tradedesk_http_requests_total', users)).toBe(2);
    expect(grew('tradedesk_http_request_duration_seconds_count', users)).toBe(2);
    expect(grew('tradedesk_http_requests_total', health)).toBe(1);
    expect(grew('tradedesk_http_requests_total', unmatched)).toBe(1);
    expect(after).not.toContain('/admin/api/users/7');
    expect(after).not.toContain('route="/metrics"');
  });
});
