import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppModule } from '../app/module.ts';
import { buildOpenApiDocument } from '../docs/openapi.ts';
import { registerMetricsRoute } from '../metrics/metrics.routes.ts';
import { registerStaticAdmin, registerStaticWeb } from './static-web.ts';

/**
 * What is served besides the API: /metrics, the OpenAPI document and its UI at /docs, the
 * back office's pages and the trader's web app (last: its fallback answers unknown paths).
 */
export const webModule: AppModule<{
  metricsToken: string | undefined;
  adminDist: string;
  webDist: string;
  now: () => number;
}> = {
  name: 'web',
  async register(app, deps) {
    registerMetricsRoute(app, { token: deps.metricsToken });
    await app.register(swagger, {
      mode: 'static',
      specification: { document: buildOpenApiDocument() as never },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    await registerStaticAdmin(app, deps.adminDist);
    await registerStaticWeb(app, deps.webDist, deps.now);
    return { api: undefined };
  },
};
