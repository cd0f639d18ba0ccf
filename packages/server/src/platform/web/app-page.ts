import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The token index.html carries where a call it preloads needs the `t` timestamp every GET
 * sends (SPEC.md §7): `<link rel="preload" as="fetch" href="/v1/api/forex/trade_list?t=…">`.
 * The browser starts those calls while it downloads the JavaScript; the client adopts them
 * (web lib/preloaded-calls.ts).
 */
export const REQUEST_TIME_TOKEN = '__REQUEST_TIME__';

/**
 * Sends the app's index.html with this request's time in its preloads, never cached (a new
 * build must reach users at once). Compressed like every answer (http/compression.ts).
 */
export function appPageHandler(template: string, now: () => number) {
  return (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(template.replaceAll(REQUEST_TIME_TOKEN, String(now())));
}
