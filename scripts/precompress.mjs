// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built app,
// so that the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing on every request or not at all. Node's own zlib does the work: no dependency.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

function* filesOf(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(full);
    else yield full;
  }
}

/** Compresses every compressible file under `dir`; answers the bytes before and after brotli. */
export function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  for (const file of filesOf(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(
      `${file}.gz`,
      zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    );
    raw += bytes.length;
    brotli += br.length;
  }
  return { raw, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const { raw, brotli } = precompress(dir);
  console.info(
    `precompressed ${dir}: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
  );
}
