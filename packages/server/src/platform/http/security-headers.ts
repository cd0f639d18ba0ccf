import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** How long the service link's origin is used before the settings are read again. */
const SERVICE_LINK_TTL_MS = 60_000;

/**
 * The one inline style the OpenAPI UI at /docs needs: the <style> inside its logo's SVG
 * (@fastify/swagger-ui's swagger-ui-standalone-preset.js). A hash allows exactly that text; an
 * upgrade that changes it shows up as a violation in e2e/csp.spec.ts.
 */
const DOCS_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The one inline style of the back office: the <style> of the news editor's preview, a
 * sandboxed srcdoc iframe that inherits this policy (previewDocument's PREVIEW_STYLE in
 * packages/admin/src/features/news/lib/news-form.ts). A hash allows exactly that text, with
 * no per-answer nonce to thread through the static index.html and the header cache; a change
 * to it shows up as a violation in e2e/csp.spec.ts.
 */
const NEWS_PREVIEW_STYLE = "'sha256-U1+uxuRK0nKlCIh1eG5lT/UDBQiF+514gG32XYaF7Tc='";

/**
 * The one inline script of the app's page: the first screen's picker in
 * packages/web/index.html, which puts the screen the server rendered on glass before the
 * first paint (a request for a file would delay exactly that). A hash allows exactly that
 * text; first-screen-script.test.ts fails when the script changes and this does not.
 */
export const FIRST_SCREEN_SCRIPT = "'sha256-j8WdGDV8IGiaDgIKUldROUqRyPChz1MS3j/Gkn1uuco='";

function isAdminPage(url: string | undefined): boolean {
  return url?.startsWith('/admin/') === true && !url.startsWith('/admin/api/');
}

/** The app's page, the one that carries the first screen's script (static-web.ts). */
function isAppPage(url: string | undefined): boolean {
  const path = url?.split('?')[0];
  return path === '/' || path === '/index.html';
}

function isDocs(url: string | undefined): boolean {
  return url === '/docs' || url?.startsWith('/docs/') === true;
}

/** A year: the usual HSTS lifetime, long enough for browsers to remember it across visits. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

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

/** What the headers of one answer depend on; everything else is the same for all. */
interface Variant {
  docs: boolean;
  adminPage: boolean;
  appPage: boolean;
  frameSources: string;
  https: boolean;
}

/** helmet's options for a variant: each directive as tight as the pages allow. */
function helmetOptions(variant: Variant): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite emits module scripts only, and nothing evaluates strings; the one inline
        // script is the app page's, allowed there by its hash.
        scriptSrc: ["'self'", ...(variant.appPage ? [FIRST_SCREEN_SCRIPT] : [])],
        scriptSrcAttr: ["'none'"],
        // Stylesheets are files; the style React and the UI libraries set from script goes
        // through the CSSOM, which the policy does not restrict. /docs adds its logo's style,
        // the back office its news preview's.
        styleSrc: [
          "'self'",
          ...(variant.docs ? [DOCS_LOGO_STYLE] : []),
          ...(variant.adminPage ? [NEWS_PREVIEW_STYLE] : []),
        ],
        // data: for the captcha, an SVG data URL; blob: for private uploads (ID documents),
        // fetched with the session's token and shown through object URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // 'self' covers the same-origin WebSocket at /v1/ws too: CSP 3 matches ws:/wss: of this
        // host under 'self', as Chromium does (e2e/csp.spec.ts watches the socket's frames).
        connectSrc: ["'self'"],
        frameSrc: [variant.frameSources],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // No upgrade-insecure-requests: on plain http (a phone on the LAN) it would send the
        // page's own requests to an https port nothing listens on. HSTS does it behind TLS.
      },
    },
    // HSTS means something only over TLS: browsers ignore it on plain http (RFC 6797 §8.1),
    // and this server speaks plain http itself. Behind a TLS-terminating proxy (TRUST_PROXY)
    // request.protocol reads x-forwarded-proto, so the header goes out exactly when the
    // client's connection was https, and never claims https for a site served without it.
    strictTransportSecurity: variant.https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
      : false,
    // As before: the full referrer to this site's own pages, none to other sites.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  };
}

/** The headers helmet sets for a variant, collected once instead of rebuilt per request. */
function headersOf(variant: Variant): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  const collector = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(variant))(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

/**
 * Browser protection headers on every answer, with a Content-Security-Policy the built web
 * app and the OpenAPI UI at /docs both run under (checked in Chromium by e2e/csp.spec.ts).
 *
 * helmet decides every header. Its middleware rebuilds the same headers on each request
 * (about 25 µs: half a trivial route's throughput), so they are collected from it once per
 * variant — /docs or not, the service link's origin, https or not — and set from the cache.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<{ refresh(): void }> {
  const now = options.now ?? Date.now;
  let frameSources = "'self'";
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const cache = new Map<string, Record<string, string>>();

  async function readServiceLink(): Promise<void> {
    try {
      const origin = frameOrigin(await options.serviceLink());
      const next = origin ? `'self' ${origin}` : "'self'";
      if (next !== frameSources) cache.clear();
      frameSources = next;
    } catch (error) {
      // The previous policy stays: a settings read that failed is no reason to fail requests.
      app.log.warn({ err: error }, 'service link unreadable; frame-src unchanged');
    }
    readAt = now();
  }

  app.addHook('onRequest', async (request, reply) => {
    // The settings are read at most once a minute, by one request; every other request uses
    // what was read.
    if (now() - readAt >= SERVICE_LINK_TTL_MS) {
      reading ??= readServiceLink().finally(() => {
        reading = undefined;
      });
      await reading;
    }
    const variant = {
      docs: isDocs(request.url),
      adminPage: isAdminPage(request.url),
      appPage: isAppPage(request.url),
      frameSources,
      https: request.protocol === 'https',
    };
    const key = `${variant.docs}|${variant.adminPage}|${variant.appPage}|${variant.https}|${variant.frameSources}`;
    let headers = cache.get(key);
    if (!headers) {
      headers = headersOf(variant);
      cache.set(key, headers);
    }
    reply.headers(headers);
  });
  // Settings changed on this node: the next request reads the service link again. Other
  // nodes pick the change up within SERVICE_LINK_TTL_MS.
  return {
    refresh() {
      readAt = Number.NEGATIVE_INFINITY;
    },
  };
}
