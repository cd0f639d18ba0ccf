import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** How long the service link's origin is used before the settings are read again. */
const SERVICE_LINK_TTL_MS = 60_000;

/**
 * The one inline style the OpenAPI UI at /docs needs: the <style> inside its logo's SVG
 * (@fastify/swagger-ui's swagger-ui-standalone-preset.js). A hash allows exactly that text; an
 * upgrade that changes it shows up as a violation in e2e/csp.spec.ts.
 */
const DOCS_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

function isDocs(url: string | undefined): boolean {
  return url === '/docs' || url?.startsWith('/docs/') === true;
}

/** A year: the usual HSTS lifetime, long enough for browsers to remember it across visits. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** The configured customer-service link (settings.service_link): the chat embedded in a frame. */
  serviceLink: () => Promise<string>;
  now?: () => number;
}

/**
 * The origin a link may be framed from: http(s) links only. Anything else (an e-mail address,
 * a javascript: or data: URL) frames nothing.
 */
export function frameOrigin(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
}

/**
 * Browser protection headers on every answer, through helmet, with a Content-Security-Policy
 * the built web app and the OpenAPI UI at /docs both run under (checked in Chromium by
 * e2e/csp.spec.ts). Each directive is as tight as those pages allow.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  let frameSources = "'self'";
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  async function readServiceLink(): Promise<void> {
    try {
      const origin = frameOrigin(await options.serviceLink());
      frameSources = origin ? `'self' ${origin}` : "'self'";
    } catch (error) {
      // The previous policy stays: a settings read that failed is no reason to fail requests.
      app.log.warn({ err: error }, 'service link unreadable; frame-src unchanged');
    }
    readAt = now();
  }

  // Before helmet's own hook, which writes the policy: the settings are read at most once a
  // minute, by one request, and every other request uses what was read.
  app.addHook('onRequest', async (request, reply) => {
    if (now() - readAt >= SERVICE_LINK_TTL_MS) {
      reading ??= readServiceLink().finally(() => {
        reading = undefined;
      });
      await reading;
    }
    // HSTS means something only over TLS: browsers ignore it on plain http (RFC 6797 §8.1),
    // and this server speaks plain http itself. Behind a TLS-terminating proxy (TRUST_PROXY)
    // request.protocol reads x-forwarded-proto, so the header goes out exactly when the
    // client's connection was https, and never claims https for a site served without it.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite emits module scripts only, no inline script, and nothing evaluates strings.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Stylesheets are files; the style React and the UI libraries set from script goes
        // through the CSSOM, which the policy does not restrict. /docs adds its logo's style.
        styleSrc: [(req) => (isDocs(req.url) ? `'self' ${DOCS_LOGO_STYLE}` : "'self'")],
        // data: for the captcha, an SVG data URL.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // 'self' covers the same-origin WebSocket at /v1/ws too: CSP 3 matches ws:/wss: of this
        // host under 'self', as Chromium does (e2e/csp.spec.ts watches the socket's frames).
        connectSrc: ["'self'"],
        frameSrc: [() => frameSources],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // No upgrade-insecure-requests: on plain http (a phone on the LAN) it would send the
        // page's own requests to an https port nothing listens on. HSTS does it behind TLS.
      },
    },
    // Set above, for https requests only.
    strictTransportSecurity: false,
    // As before: the full referrer to this site's own pages, none to other sites.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
}
