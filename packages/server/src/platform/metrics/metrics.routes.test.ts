import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/error-handler.ts';
import { registerMetricsRoute } from './metrics.routes.ts';
import { createMetrics } from './metrics.ts';

const NOT_FOUND = { code: 404, msg: 'Not found', data: null };

describe('GET /metrics', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function start(token: string | undefined) {
    const metrics = createMetrics();
    metrics.redisOutages.inc();
    app = Fastify();
    installErrorHandling(app);
    registerMetricsRoute(app, { token, metrics });
    await app.ready();
    const started = app;
    return (remoteAddress: string, headers: Record<string, string> = {}) =>
      started.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: { lang: 'en', ...headers },
      });
  }

  it('serves Prometheus text to this machine when no token is configured', async () => {
    const get = await start(undefined);
    for (const address of ['127.0.0.1', '::1']) {
      const response = await get(address);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('tradedesk_redis_outages_total 1');
      expect(response.body).toContain('# TYPE tradedesk_redis_up gauge');
      expect(response.body).toContain('tradedesk_rate_limit_fallback_total 0');
      // prom-client's default process metrics come along.
      expect(response.body).toContain('process_cpu_user_seconds_total');
      expect(response.body).toContain('nodejs_eventloop_lag_seconds');
    }
  });

  it("exposes the event loop's lag, which a node under too much load shows first", async () => {
    const get = await start(undefined);
    const { body } = await get('127.0.0.1');
    expect(body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('hides itself from others and from proxied requests when no token is configured', async () => {
    const get = await start(undefined);
    for (const response of [
      await get('203.0.113.7'),
      await get('10.0.0.2'),
      await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }),
      await get('127.0.0.1', { forwarded: 'for=203.0.113.7' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers only the bearer of the token when one is configured, wherever it asks from', async () => {
    const get = await start('s3cret-scrape');
    expect((await get('203.0.113.7', { authorization: 'Bearer s3cret-scrape' })).statusCode).toBe(
      200,
    );
    expect((await get('127.0.0.1', { authorization: 'Bearer s3cret-scrape' })).statusCode).toBe(
      200,
    );
    for (const response of [
      await get('127.0.0.1'),
      await get('203.0.113.7', { authorization: 'Bearer wrong' }),
      await get('203.0.113.7', { authorization: 's3cret-scrape' }),
      await get('203.0.113.7', { authorization: 'Bearer s3cret-scrape-and-more' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('takes an empty token for none', async () => {
    const get = await start('');
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    expect((await get('203.0.113.7', { authorization: 'Bearer ' })).statusCode).toBe(404);
  });
});
