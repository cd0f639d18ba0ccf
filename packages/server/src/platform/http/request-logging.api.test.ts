import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { createTestStore } from '../../testing/dialects.ts';
import type { Store } from '../db/database.ts';
import { ApiRequestLogController, isApiRequest } from './request-logging.ts';

const INFO = 30;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
}

/** A log stream that keeps every line, parsed. */
function captureLines(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  return { stream, lines };
}

/** A built bundle: its page and one hashed asset. */
function writeBundle(dir: string, asset: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(dir, 'assets', asset), 'console.log(1);\n');
}

describe('the request log', () => {
  let app: FastifyInstance;
  let store: Store;
  let dataDir: string;
  const { stream, lines } = captureLines();
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-log-'));
    writeBundle(path.join(dataDir, 'web'), 'index-abc.js');
    writeBundle(path.join(dataDir, 'admin'), 'admin-def.js');
    const config = loadConfig({
      DATA_DIR: dataDir,
      PASSWORD_HASH_COST: '10',
      WEB_DIST: path.join(dataDir, 'web'),
      ADMIN_DIST: path.join(dataDir, 'admin'),
      SAMPLE_TRADERS: 'false',
    });
    store = await createTestStore('sqlite');
    // At debug, so that the test sees where the asset lines went, not only that info lacks them.
    ({ app } = withHandles(
      await buildApp({
        config,
        store,
        logger: { level: 'debug' },
        logStream: stream,
        market: 'off',
      }),
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });

  /** Every line one request wrote, found by the request id of its "incoming request". */
  async function linesOfRequest(url: string): Promise<LogLine[]> {
    await app.inject({ method: 'GET', url, headers: { lang: 'en' } });
    const reqId = lines.find((l) => l.msg === 'incoming request' && l.req?.url === url)?.reqId;
    expect(reqId, url).toBeDefined();
    return lines.filter((l) => l.reqId === reqId);
  }

  it('writes no info line for the web and admin bundles, their pages or a missing asset', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/assets/index-abc.js',
      '/assets/gone-123.js',
      '/admin/',
      '/admin/assets/admin-def.js',
      '/admin/users/7',
    ]) {
      const written = await linesOfRequest(url);
      expect(
        written.filter((l) => l.level >= INFO),
        url,
      ).toEqual([]);
      // Still there for whoever turns the level down to debug.
      expect(
        written.filter((l) => l.level === 20).map((l) => l.msg),
        url,
      ).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
  });

  it('logs every API call at info: the trader API, its v1 calls, uploads and the back office', async () => {
    for (const url of [
      '/api/default/setting?key=is_show_mobile',
      '/v1/api/forex/trade_list',
      '/v1/api/forex/no_such_call',
      '/api/common/upload/missing.webp',
      '/admin/api/me',
    ]) {
      const written = await linesOfRequest(url);
      expect(
        written.filter((l) => l.level === INFO).map((l) => l.msg),
        url,
      ).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
  });
});

describe('ApiRequestLogController', () => {
  it('tells API paths from the rest by their start', () => {
    expect(isApiRequest('/api/user/info')).toBe(true);
    expect(isApiRequest('/v1/api/forex/kline?forex_id=1')).toBe(true);
    expect(isApiRequest('/admin/api/users')).toBe(true);
    expect(isApiRequest('/admin/assets/index.js')).toBe(false);
    expect(isApiRequest('/assets/api-abc.js')).toBe(false);
    expect(isApiRequest('/apify.png')).toBe(false);
  });

  it('keeps a failed response at error, an asset as much as a call', () => {
    const { stream, lines } = captureLines();
    const log = pino({ level: 'info' }, stream);
    const controller = new ApiRequestLogController();
    for (const url of ['/assets/index-abc.js', '/v1/api/forex/trade_list']) {
      const request = { url, log } as unknown as FastifyRequest;
      const reply = { log, elapsedTime: 3 } as unknown as FastifyReply;
      controller.requestCompleted(new Error('socket hang up'), request, reply);
      controller.streamError(new Error('disk read failed'), request, reply);
    }
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'request errored'],
      [40, 'response terminated with an error with headers already sent'],
      [50, 'request errored'],
      [40, 'response terminated with an error with headers already sent'],
    ]);
  });
});
