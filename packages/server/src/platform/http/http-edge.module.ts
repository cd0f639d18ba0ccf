import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { AppModule } from '../app/module.ts';
import type { DatabaseHealth } from '../db/database-health.ts';
import { COMPRESSION } from './compression.ts';
import { installErrorHandling } from './error-handler.ts';
import { installJsonParser } from './json-parser.ts';

/** How bodies are read and answers written, before any route: parsers, compression, errors. */
export const httpEdgeModule: AppModule<{ health: DatabaseHealth }> = {
  name: 'http-edge',
  async register(app, { health }) {
    installJsonParser(app);
    await app.register(formbody);
    await app.register(compress, COMPRESSION);
    installErrorHandling(app, { health });
    return { api: undefined };
  },
};
