import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createS3Storage } from '../../platform/storage/s3-storage.ts';
import { withHandles } from '../../testing/app-handles.ts';
import { createTestStore, DIALECTS } from '../../testing/dialects.ts';
import { createOperator } from '../../testing/operators.ts';
import {
  callerOf,
  demoUser,
  logInAs,
  registerByEmail,
  startTestApp,
  type TestApp,
} from '../../testing/test-app.ts';
import { multipartBody, testImage, uploadImage } from '../../testing/uploads.ts';
import { UNREFERENCED_UPLOAD_TTL_MS } from './uploads.service.ts';

/** GET an upload URL with a token (a trader's or an operator's). */
async function read(t: TestApp, url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
  });
}

describe.each(DIALECTS)('private image uploads on $name', ({ name, skip }) => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name, { UPLOAD_MAX_MB: '1' });
    await registerByEmail(t, 'alice@example.com');
    await registerByEmail(t, 'bob@example.com');
    alice = await logInAs(t, 'alice@example.com');
    bob = await logInAs(t, 'bob@example.com');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const uploadCount = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.skipIf(skip)(
    'keeps JPEG, PNG and WebP, judged by their bytes, and reads them back',
    async () => {
      for (const format of ['jpeg', 'png', 'webp'] as const) {
        // Named and declared as something else: the bytes decide.
        const answer = await uploadImage(t.app, alice, await testImage(format), {
          filename: 'document.txt',
          contentType: 'text/plain',
        });
        expect(answer.code, format).toBe(1);
        expect(answer.data.url).toMatch(/^\/api\/common\/upload\/[0-9a-f]{32}\.(jpg|png|webp)$/);
        const back = await read(t, answer.data.url, alice);
        expect(back.statusCode).toBe(200);
        expect(back.headers['content-type']).toBe(`image/${format}`);
        expect(back.headers['cache-control']).toBe('private, no-store');
        expect((await sharp(back.rawPayload).metadata()).format).toBe(format);
      }
    },
  );

  it.skipIf(skip)('refuses what is not one of those images, and keeps nothing', async () => {
    const before = await uploadCount();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#fff' },
    })
      .gif()
      .toBuffer();
    const truncatedPng = (await testImage('png')).subarray(0, 60);
    for (const [what, bytes] of [
      ['an SVG named .png', svg],
      ['a GIF', gif],
      ['text', Buffer.from('just text, not a picture')],
      ['a truncated PNG', truncatedPng],
    ] as const) {
      const answer = await uploadImage(t.app, alice, bytes, {
        filename: 'photo.png',
        contentType: 'image/png',
      });
      expect(answer.code, what).toBe(3002);
      expect(answer.msg).toBe('Only JPEG, PNG or WebP images can be uploaded');
    }
    expect(await uploadCount()).toBe(before);
  });

  it.skipIf(skip)(
    'refuses a multipart body cut before its closing boundary as a missing upload (issue 24)',
    async () => {
      const before = await uploadCount();
      const { payload, contentType } = multipartBody(await testImage('png'));
      const cut = payload.subarray(0, payload.lastIndexOf(Buffer.from('\r\n--')));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/image_upload',
        headers: { lang: 'en', 'content-type': contentType, authorization: alice },
        payload: cut,
      });
      expect({ status: response.statusCode, code: response.json().code }).toEqual({
        status: 200,
        code: 3001,
      });
      expect(await uploadCount()).toBe(before);
    },
  );

  it.skipIf(skip)(
    'refuses an empty file, a request without one, and files over UPLOAD_MAX_MB',
    async () => {
      const before = await uploadCount();
      expect((await uploadImage(t.app, alice, Buffer.alloc(0))).code).toBe(3001);
      expect((await uploadImage(t.app, alice, await testImage(), { field: 'other' })).code).toBe(
        3001,
      );
      const json = await t.call(
        'POST',
        '/api/common/image_upload',
        { file: 'x' },
        {
          authorization: alice,
        },
      );
      expect(json.code).toBe(3001);
      // A noisy 800×800 PNG: well over 1 MB however it is compressed.
      const noise = Buffer.alloc(800 * 800 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
      const big = await sharp(noise, { raw: { width: 800, height: 800, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(1_048_576);
      const tooLarge = await uploadImage(t.app, alice, big);
      expect(tooLarge.code).toBe(3003);
      expect(tooLarge.msg).toBe('The image is too large: at most 1 MB');
      expect(await uploadCount()).toBe(before);
    },
  );

  it.skipIf(skip)(
    'removes EXIF, GPS position included, and turns the picture upright',
    async () => {
      const original = await testImage('jpeg', {
        exif: true,
        width: 60,
        height: 20,
        orientation: 6,
      });
      const meta = await sharp(original).metadata();
      expect(meta.exif).toBeDefined();
      expect(meta.orientation).toBe(6);
      const answer = await uploadImage(t.app, alice, original, { contentType: 'image/jpeg' });
      expect(answer.code).toBe(1);
      const stored = (await read(t, answer.data.url, alice)).rawPayload;
      const after = await sharp(stored).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
      // Orientation 6 is a quarter turn: 60×20 stored upright is 20×60.
      expect([after.width, after.height]).toEqual([20, 60]);
    },
  );

  it.skipIf(skip)('shows an upload to its owner and reviewers only', async () => {
    const { data } = await uploadImage(t.app, alice, await testImage());
    const url = data.url as string;
    expect((await read(t, url, alice)).statusCode).toBe(200);
    // Another trader: answered as if it did not exist.
    const other = await read(t, url, bob);
    expect(other.json().code).toBe(404);
    expect(other.rawPayload.length).toBeLessThan(200);
    // A visitor, a garbage token.
    expect((await read(t, url)).json().code).toBe(999);
    expect((await read(t, url, 'not-a-token')).json().code).toBe(999);
    // Operators read what their role reviews (upload-readers.api.test.ts). Nothing references
    // this one yet: no reviewer's, only the owner role's, who may do everything.
    for (const role of ['compliance', 'finance', 'support', 'editor'] as const) {
      const operator = await createOperator(t, role);
      expect((await read(t, url, operator.token)).json().code, role).toBe(4001);
    }
    const owner = await createOperator(t, 'owner');
    expect((await read(t, url, owner.token)).statusCode).toBe(200);
    // Nothing of the data folder is served as a file.
    const name = url.split('/').pop()!;
    for (const probe of [`/uploads/${name}`, `/data/uploads/${name}`, `/${name}`])
      expect((await read(t, probe, alice)).statusCode, probe).toBe(404);
    // No path tricks reach the storage.
    expect((await read(t, '/api/common/upload/..%2Fapp.db', alice)).json().code).toBe(404);
  });

  it.skipIf(skip)('refuses demo accounts and visitors', async () => {
    const { token } = await demoUser(t, 'uploads-demo-device');
    expect((await uploadImage(t.app, token, await testImage())).code).toBe(1016);
    expect((await uploadImage(t.app, undefined, await testImage())).code).toBe(999);
  });

  it.skipIf(skip)(
    'removes uploads no submission referenced after a day, and only those',
    async () => {
      const kept = (await uploadImage(t.app, alice, await testImage())).data.url as string;
      const keptToo = (await uploadImage(t.app, alice, await testImage())).data.url as string;
      const dropped = (await uploadImage(t.app, alice, await testImage())).data.url as string;
      const submitted = await t.call(
        'POST',
        '/api/user_real/real_name',
        { name: 'Alice Example', card_id: 'P1234567', front_pic: kept, reverse_pic: keptToo },
        { authorization: alice },
      );
      expect(submitted.code).toBe(1);
      t.clock.advance(UNREFERENCED_UPLOAD_TTL_MS - 60_000);
      expect(await t.sweepUploads()).toBe(0);
      expect((await read(t, dropped, alice)).statusCode).toBe(200);
      t.clock.advance(120_000);
      expect(await t.sweepUploads()).toBeGreaterThanOrEqual(1);
      expect((await read(t, dropped, alice)).json().code).toBe(404);
      expect((await read(t, kept, alice)).statusCode).toBe(200);
      expect((await read(t, keptToo, alice)).statusCode).toBe(200);
      const files = fs.readdirSync(path.join(t.dataDir, 'uploads'));
      expect(files.some((f) => f.startsWith(dropped.split('/').pop()!))).toBe(false);
    },
  );
});

describe.each(DIALECTS)('uploads in S3-compatible storage (s3rver) on $name', ({ name, skip }) => {
  let s3rver: S3rver;
  let dir: string;
  let app: ReturnType<typeof withHandles>;
  let call: ReturnType<typeof callerOf>;
  let s3Base: string;

  beforeAll(async () => {
    if (skip) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-s3-app-'));
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'private' }],
    });
    const { port } = await s3rver.run();
    s3Base = `http://S3RVER:S3RVER@127.0.0.1:${port}`;
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '12',
      WEB_DIST: path.join(dir, 'no-web'),
      S3_URL: `${s3Base}/private/uploads`,
    });
    app = withHandles(
      await buildApp({
        config,
        store: await createTestStore(name),
        logger: false,
        market: 'off',
      }),
    );
    await app.app.ready();
    call = callerOf(app.app);
  });
  afterAll(async () => {
    if (skip) return;
    await app.app.close();
    await app.store.destroy();
    await s3rver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    'stores the re-encoded image in the bucket, never in the data folder',
    async () => {
      const sent = await call('POST', '/api/notify/send_email', { to: 's3@example.com', type: 1 });
      expect(sent.code).toBe(1);
      const lines = fs.readFileSync(path.join(dir, 'outbox.jsonl'), 'utf8').trim().split('\n');
      const code = JSON.parse(lines.at(-1)!).code;
      const password = 'secret-pass';
      await call('POST', '/api/user/register', {
        type: 'email',
        account: 's3@example.com',
        password,
        re_password: password,
        sms_code: code,
      });
      const token = (
        await call('POST', '/api/user/loginForU', { account: 's3@example.com', password })
      ).data.token;
      const answer = await uploadImage(app.app, token, await testImage('webp'));
      expect(answer.code).toBe(1);
      const key = (answer.data.url as string).split('/').pop()!;
      const back = await app.app.inject({
        method: 'GET',
        url: answer.data.url,
        headers: { authorization: token },
      });
      expect(back.statusCode).toBe(200);
      expect((await sharp(back.rawPayload).metadata()).format).toBe('webp');
      expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
      // In the bucket, under the URL's prefix, as the re-encoded bytes that were answered.
      const direct = await createS3Storage(`${s3Base}/private/uploads`).get(key);
      expect(direct?.bytes.equals(back.rawPayload)).toBe(true);
      expect(await createS3Storage(`${s3Base}/private`).get(key)).toBeUndefined();
    },
  );
});
