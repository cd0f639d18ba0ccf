import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { REQUEST_TIME_TOKEN } from './app-page.ts';

/** A script big enough to be worth compressing (the build leaves tiny files as they are). */
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

/** As the build writes it: a preload whose `t` the server stamps per request. */
const INDEX_HTML = `<!doctype html><title>x</title>${'<meta name="pad">'.repeat(60)}
<link rel="preload" as="fetch" crossorigin="anonymous" href="/v1/api/forex/trade_list?t=${REQUEST_TIME_TOKEN}" />`;

describe('the static web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A build with a source map left in it, as an older build or a debugging session leaves.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'td-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.map'), '{"sources":["secret.ts"]}');
    fs.writeFileSync(path.join(webDist, 'assets', 'chunk-def.js'), BIG_SCRIPT);
    // As the build does: brotli and gzip copies beside the files worth compressing.
    const script = new URL('../../../../../scripts/precompress.mjs', import.meta.url).pathname;
    const run = spawnSync(process.execPath, [script, webDist], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    t = await startTestApp('sqlite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the app and its assets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends precompressed brotli or gzip as the client accepts, the same bytes once decoded', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/chunk-def.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file too small for the build to compress has no copy of its own; what answers are
    // compressed on the way out (http/compression.ts) still decodes to the file.
    expect(fs.existsSync(path.join(webDist, 'assets', 'index-abc.js.br'))).toBe(false);
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    const smallBody =
      small.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(small.rawPayload).toString()
        : small.body;
    expect(smallBody).toBe('console.log(1);\n');
    // The compressed copies are not pages of their own under another name.
    expect(fs.existsSync(path.join(webDist, 'assets', 'chunk-def.js.br'))).toBe(true);
  });

  it("sends the page with the request's time in its preloads, compressed, never cached", async () => {
    for (const url of ['/', '/index.html']) {
      t.clock.advance(1_000);
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary, url).toContain('accept-encoding');
      const html = zlib.brotliDecompressSync(page.rawPayload).toString();
      const stamp = Number(/trade_list\?t=(\d+)/.exec(html)?.[1]);
      // The platform's clock, read at this request.
      expect(stamp, url).toBe(t.clock.now);
      expect(html).not.toContain(REQUEST_TIME_TOKEN);
    }
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('trade_list?t=');
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/trade_list\?t=\d+/);
  });

  it('never serves a source map, however the path is spelled', async () => {
    for (const url of [
      '/assets/index-abc.js.map',
      '/assets/index-abc.js%2Emap',
      '/assets/index-abc.js.MAP',
      '/assets/../assets/index-abc.js.map',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { lang: 'en' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 404, msg: 'Not found', data: null });
    }
  });
});
