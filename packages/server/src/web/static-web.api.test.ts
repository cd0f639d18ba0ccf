import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

describe('the static web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A build with a source map left in it, as an older build or a debugging session leaves.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'td-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.map'), '{"sources":["secret.ts"]}');
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
