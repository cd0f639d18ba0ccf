import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Answers worth compressing (≥ 1 KB: the trade list, candles, news, the app's page) go out
 * brotli or gzip as the client accepts. JSON shrinks five- to tenfold, which on a phone's
 * connection is what decides how soon quotes show. Brotli at quality 4 costs about what gzip
 * does per answer; its top levels are for files compressed once at build time
 * (scripts/precompress.mjs), which are sent as they are.
 */
export const COMPRESSION: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};
