import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The token index.html carries where a call it preloads needs the `t` timestamp every GET
 * sends (SPEC.md §7): `<link rel="preload" as="fetch" href="/v1/api/forex/trade_list?t=…">`.
 * The browser starts those calls while it downloads the JavaScript; the client adopts them
 * (web lib/preloaded-calls.ts).
 */
export const REQUEST_TIME_TOKEN = '__REQUEST_TIME__';

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q=0 refuses one), brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  // A 2 KB page per request: a fast brotli level costs microseconds and still halves it.
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body);
}

/**
 * Sends the app's index.html with this request's time in its preloads, compressed as the
 * client accepts, never cached (a new build must reach users at once).
 */
export function appPageHandler(template: string, now: () => number) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const body = Buffer.from(template.replaceAll(REQUEST_TIME_TOKEN, String(now())));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html');
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(compress(body, encoding));
  };
}
