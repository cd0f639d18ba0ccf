import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, parseS3Url } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** What one test sees of an implementation: a fresh storage, and everything stored anywhere. */
interface Subject {
  storage: Storage;
  /** Every entry the backend holds, including anything outside the storage's own place. */
  listEverything(): Promise<string[]>;
  /** Where the backend keeps the object of `key`, in the terms of `listEverything`. */
  locationOf(key: string): string;
}

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-storage-'));
  temps.push(dir);
  return dir;
}

// s3rver accepts only its built-in account; it does not check v4 signatures. It needs no
// checksum workaround: for a Buffer body the SDK sends its default CRC32 as a plain
// x-amz-checksum-crc32 header (not an aws-chunked body), which s3rver ignores.
let s3rver: S3rver;
let s3Base = '';
let listClient: S3Client;
let runs = 0;

beforeAll(async () => {
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: 'uploads' }],
  });
  const { port } = await s3rver.run();
  s3Base = `http://S3RVER:S3RVER@127.0.0.1:${port}`;
  const { endpoint, region, accessKeyId, secretAccessKey } = parseS3Url(`${s3Base}/uploads`);
  listClient = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
});

afterAll(async () => {
  listClient?.destroy();
  await s3rver?.close();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const IMPLEMENTATIONS: { name: string; make: () => Subject }[] = [
  {
    name: 'local',
    make: () => {
      // The storage gets a directory inside a fresh one, so that writing beside it shows.
      const parent = tempDir();
      return {
        storage: createLocalStorage(join(parent, 'uploads')),
        listEverything: async () => readdirSync(parent, { recursive: true }).map(String).sort(),
        locationOf: (key) => join('uploads', key),
      };
    },
  },
  {
    name: 's3 under a prefix',
    make: () => {
      // One prefix per test keeps the tests of the shared bucket apart.
      runs += 1;
      const prefix = `kyc/run-${runs}`;
      return {
        storage: createS3Storage(`${s3Base}/uploads/${prefix}?region=eu-west-1`),
        listEverything: async () => {
          const listed = await listClient.send(new ListObjectsV2Command({ Bucket: 'uploads' }));
          return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
        },
        locationOf: (key) => `${prefix}/${key}`,
      };
    },
  },
];

// Every byte value, so that no encoding (text, line endings) could pass the round trip.
const BINARY = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

describe.each(IMPLEMENTATIONS)('storage contract: $name', ({ make }) => {
  const subjects: Subject[] = [];
  function subject(): Subject {
    const made = make();
    subjects.push(made);
    return made;
  }
  afterAll(async () => {
    for (const made of subjects) await made.storage.close();
  });

  it('gives back the bytes and content type it was given', async () => {
    const { storage } = subject();
    await storage.put('doc-1.png', BINARY, 'image/png');
    const stored = await storage.get('doc-1.png');
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.bytes.equals(BINARY)).toBe(true);
  });

  it('replaces an object, bytes and content type together', async () => {
    const { storage } = subject();
    await storage.put('proof', BINARY, 'image/png');
    await storage.put('proof', Buffer.from('second'), 'image/jpeg');
    const stored = await storage.get('proof');
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.bytes.toString()).toBe('second');
  });

  it('keeps objects of different keys apart', async () => {
    const { storage } = subject();
    await storage.put('a.png', Buffer.from('a'), 'image/png');
    await storage.put('b.jpg', Buffer.from('b'), 'image/jpeg');
    expect((await storage.get('a.png'))?.bytes.toString()).toBe('a');
    expect((await storage.get('b.jpg'))?.bytes.toString()).toBe('b');
  });

  it('answers undefined for a key never written', async () => {
    const { storage } = subject();
    await storage.put('present', BINARY, 'image/png');
    expect(await storage.get('absent')).toBeUndefined();
  });

  it('forgets a deleted object, and deletes a missing one without error', async () => {
    const { storage } = subject();
    await storage.put('gone.png', BINARY, 'image/png');
    await storage.put('kept.png', BINARY, 'image/png');
    await storage.delete('gone.png');
    expect(await storage.get('gone.png')).toBeUndefined();
    expect(await storage.get('kept.png')).toBeDefined();
    await expect(storage.delete('gone.png')).resolves.toBeUndefined();
    await expect(storage.delete('never-written')).resolves.toBeUndefined();
  });

  it('stores an object where it is configured to', async () => {
    const { storage, listEverything, locationOf } = subject();
    const before = await listEverything();
    await storage.put('doc-7.webp', BINARY, 'image/webp');
    const added = (await listEverything()).filter((entry) => !before.includes(entry));
    expect(added).toEqual([locationOf('doc-7.webp')]);
  });

  it.each([
    ['a parent reference', '../x'],
    ['a nested path', 'a/b'],
    ['an empty key', ''],
    ['a key of 200 characters', 'k'.repeat(200)],
    ['a hidden name', '.hidden'],
    ['a backslash', 'a\\b'],
    ['a double dot inside', 'a..b'],
  ])('refuses %s without touching anything', async (_, key) => {
    const { storage, listEverything } = subject();
    await storage.put('existing', BINARY, 'image/png');
    const before = await listEverything();
    await expect(storage.put(key, BINARY, 'image/png')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(await listEverything()).toEqual(before);
  });

  it('accepts a key of the longest allowed length', async () => {
    const { storage } = subject();
    const key = `k${'x'.repeat(127)}`;
    await storage.put(key, BINARY, 'image/png');
    expect((await storage.get(key))?.bytes.equals(BINARY)).toBe(true);
  });
});

describe('s3 storage', () => {
  it('fails loudly on a missing bucket instead of answering "no object"', async () => {
    const storage = createS3Storage(`${s3Base}/no-such-bucket`);
    await expect(storage.get('doc-1.png')).rejects.toThrow(/bucket/i);
    await storage.close();
  });

  it('stores keys at the root of the bucket when the URL has no prefix', async () => {
    const storage = createS3Storage(`${s3Base}/uploads`);
    await storage.put('root-object', BINARY, 'image/png');
    const listed = await listClient.send(
      new ListObjectsV2Command({ Bucket: 'uploads', Prefix: 'root-object' }),
    );
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['root-object']);
    await storage.close();
  });
});
