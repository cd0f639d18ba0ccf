import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

describe('compressed answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const areaList = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/default/area_list',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends a long answer (the area list) brotli or gzip as the client accepts, the same envelope once decoded', async () => {
    const plain = await areaList();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const envelope = plain.json();
    expect(envelope.code).toBe(1);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await areaList('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(envelope);

    const gzip = await areaList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(envelope);
  });

  it('leaves small answers as they are', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
