import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { FIRST_SCREEN_SCRIPT, frameOrigin } from './security-headers.ts';

/** The policy as a map of directive → sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('browser protection headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const setServiceLink = (value: string) =>
    t.store.db.updateTable('settings').set({ value }).where('key', '=', 'service_link').execute();

  it('sends a Content-Security-Policy without inline or eval, and the usual headers', async () => {
    const response = await get('/health');
    expect(Object.fromEntries(directives(response.headers['content-security-policy']))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      // The seeded service link is the built-in chat (empty): nothing to frame.
      'frame-src': ["'self'"],
      'frame-ancestors': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'same-origin',
    });
    // The same on answers that are not routes of ours: a 404, a static file.
    const missing = await get('/api/nothing/here');
    expect(missing.headers['content-security-policy']).toBe(
      response.headers['content-security-policy'],
    );
  });

  it('lets /docs apply its logo style, and only /docs', async () => {
    const docs = directives((await get('/docs/')).headers['content-security-policy']);
    expect(docs.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-.+='$/)]);
    expect(docs.get('script-src')).toEqual(["'self'"]);
    const notDocs = directives((await get('/docsx')).headers['content-security-policy']);
    expect(notDocs.get('style-src')).toEqual(["'self'"]);
  });

  it("lets the back office's pages apply the news preview's style, and not its calls", async () => {
    const page = directives((await get('/admin/news')).headers['content-security-policy']);
    expect(page.get('style-src')).toEqual([
      "'self'",
      "'sha256-U1+uxuRK0nKlCIh1eG5lT/UDBQiF+514gG32XYaF7Tc='",
    ]);
    expect(page.get('script-src')).toEqual(["'self'"]);
    const call = directives((await get('/admin/api/me')).headers['content-security-policy']);
    expect(call.get('style-src')).toEqual(["'self'"]);
    const web = directives((await get('/')).headers['content-security-policy']);
    expect(web.get('style-src')).toEqual(["'self'"]);
  });

  it("lets the app's page run its one inline script, and only that page", async () => {
    for (const url of ['/', '/index.html', '/?utm=x'])
      expect(
        directives((await get(url)).headers['content-security-policy']).get('script-src'),
      ).toEqual(["'self'", FIRST_SCREEN_SCRIPT]);
    for (const url of ['/health', '/admin/news', '/docs/', '/v1/api/forex/trade_list'])
      expect(
        directives((await get(url)).headers['content-security-policy']).get('script-src'),
      ).toEqual(["'self'"]);
  });

  it("frames the service link's origin, read again at most once a minute", async () => {
    await setServiceLink('https://chat.example.com/widget?id=7');
    t.clock.advance(60_000);
    const frameSrc = async () =>
      directives((await get('/health')).headers['content-security-policy']).get('frame-src');
    expect(await frameSrc()).toEqual(["'self'", 'https://chat.example.com']);

    // A change is seen after the minute, not before: the settings are not read per request.
    await setServiceLink('https://help.example.org/');
    t.clock.advance(59_000);
    expect(await frameSrc()).toEqual(["'self'", 'https://chat.example.com']);
    t.clock.advance(1_000);
    expect(await frameSrc()).toEqual(["'self'", 'https://help.example.org']);

    await setServiceLink('javascript:alert(1)');
    t.clock.advance(60_000);
    expect(await frameSrc()).toEqual(["'self'"]);
  });

  it('sends HSTS only over https', async () => {
    expect((await get('/health')).headers['strict-transport-security']).toBeUndefined();
    // x-forwarded-proto counts only from a trusted proxy (TRUST_PROXY), which this app has not.
    const forged = await get('/health', { 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const proxied = await startTestApp('sqlite', { TRUST_PROXY: 'true' });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await proxied.app.inject({ method: 'GET', url: '/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('takes the origin of http(s) service links only', () => {
    expect(frameOrigin('https://chat.example.com:8443/a/b?c=d#e')).toBe(
      'https://chat.example.com:8443',
    );
    expect(frameOrigin(' http://10.0.0.5/chat ')).toBe('http://10.0.0.5');
    expect(frameOrigin('support@tradedesk.example')).toBeUndefined();
    expect(frameOrigin('data:text/html,<p>x</p>')).toBeUndefined();
    expect(frameOrigin('')).toBeUndefined();
  });
});
