import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { appPageHandler } from './app-page.ts';
import { createFirstScreenPage, loadFirstScreenRenderer } from './first-screen-page.ts';

/**
 * Source maps would publish the client's whole source: the build writes none, and a map left
 * in the folder (an older build, a debugging session) is still never served.
 */
function isServable(pathname: string): boolean {
  return !pathname.toLowerCase().endsWith('.map');
}

/** Hashed assets are cached for a year; the rest (index.html) never, so a new build reaches users at once. */
function cacheHeaders(
  res: { header(name: string, value: string): unknown },
  filePath: string,
): void {
  res.header(
    'cache-control',
    filePath.includes(`${path.sep}assets${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  );
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is,
 * so a new build reaches users on their next visit, and it is sent stamped with the request's
 * time and with the first screen in it (app-page.ts). What is not served answers the 404 envelope.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDist: string,
  now: () => number,
): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.get('/', (_request, reply) =>
      reply.type('text/plain').send(`The web app is not built (${webDist}). Run: npm run build`),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // The page itself is the route below, not a file.
    index: false,
    // Checked on the decoded path, and again on the file finally chosen.
    allowedPath: isServable,
    setHeaders: cacheHeaders,
    // The build writes .br and .gz beside each file (scripts/precompress.mjs): sent as they
    // are to clients that accept them, with `Vary: Accept-Encoding`.
    preCompressed: true,
  });
  // The first screen rendered into the page, when the build made its server module.
  const renderer = await loadFirstScreenRenderer(webDist);
  const firstScreen = renderer && createFirstScreenPage(app, renderer, now);
  const page = appPageHandler(fs.readFileSync(index, 'utf8'), now, firstScreen);
  app.get('/', page);
  app.get('/index.html', page);
}

/**
 * Serves the built back office at /admin/. Its router uses real paths (/admin/users/7), so
 * any other GET under /admin/ that is not an operator call answers its index.html.
 */
export async function registerStaticAdmin(app: FastifyInstance, adminDist: string): Promise<void> {
  const index = path.join(adminDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.get('/admin/', (_request, reply) =>
      reply
        .type('text/plain')
        .send(`The back office is not built (${adminDist}). Run: npm run build`),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    decorateReply: false,
    wildcard: false,
    index: ['index.html'],
    allowedPath: isServable,
    setHeaders: cacheHeaders,
    // The build writes .br and .gz beside each file (scripts/precompress.mjs): sent as they
    // are to clients that accept them, with `Vary: Accept-Encoding`.
    preCompressed: true,
  });
  const html = fs.readFileSync(index);
  app.get('/admin/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Operator calls and missing files (a stale asset) are not pages.
    if (pathname.startsWith('/admin/api/') || /\.[A-Za-z0-9]+$/.test(pathname))
      return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(html);
  });
}
