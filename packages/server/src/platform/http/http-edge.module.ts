import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { AppModule } from '../app/module.ts';
import type { DatabaseHealth } from '../db/database-health.ts';
import { metrics } from '../metrics/metrics.ts';
import { COMPRESSION } from './compression.ts';
import { installErrorHandling } from './error-handler.ts';
import { installJsonParser } from './json-parser.ts';
import { registerRequestMetrics } from './request-metrics.ts';

/**
 * How bodies are read and answers written, before any route: parsers, compression, errors,
 * and the count of answers by route in this process's metrics.
 */
export const httpEdgeModule: AppModule<{ health: DatabaseHealth }> = {
  name: 'http-edge',
  async register(app, { health }) {
    installJsonParser(app);
    await app.register(formbody);
    await app.register(compress, COMPRESSION);
    installErrorHandling(app, { health });
    registerRequestMetrics(app, metrics);
    return { api: undefined };
  },
};
