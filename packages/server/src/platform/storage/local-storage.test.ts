import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { assertStorageKey } from './storage.ts';

/**
 * A crash cannot be timed from inside a test, so the file system plays it: while `crash.mode`
 * is set, the next `writeFile` writes half its bytes and then either never returns (the
 * process died there) or fails (the disk filled up).
 */
const crash = vi.hoisted(() => ({
  mode: undefined as 'hang' | 'fail' | undefined,
  reached: false,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const writeFile: typeof actual.writeFile = async (path, data, options) => {
    if (crash.mode === undefined || !Buffer.isBuffer(data)) {
      return actual.writeFile(path, data, options);
    }
    const mode = crash.mode;
    crash.mode = undefined;
    await actual.writeFile(path, data.subarray(0, data.length / 2), options);
    crash.reached = true;
    if (mode === 'fail') throw Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    return new Promise<void>(() => {});
  };
  return { ...actual, writeFile };
});

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-local-storage-'));
  temps.push(dir);
  return dir;
}

afterEach(() => {
  crash.mode = undefined;
  crash.reached = false;
});
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe('local storage', () => {
  it('creates its directory for this user only, and files readable by this user only', async () => {
    const dir = join(tempDir(), 'nested', 'uploads');
    const storage = createLocalStorage(dir);
    await storage.put('id-front.jpg', BYTES, 'image/jpeg');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'id-front.jpg')).mode & 0o777).toBe(0o600);
    await storage.put('id-front.jpg', Buffer.from('replaced'), 'image/jpeg');
    expect(statSync(join(dir, 'id-front.jpg')).mode & 0o777).toBe(0o600);
  });

  it('writes nothing outside its directory, and leaves no temp file behind', async () => {
    const parent = tempDir();
    writeFileSync(join(parent, 'x'), 'outside');
    const storage = createLocalStorage(join(parent, 'uploads'));
    await storage.put('a.png', BYTES, 'image/png');
    await storage.put('a.png', BYTES, 'image/png');
    await storage.put('b.png', BYTES, 'image/png');
    await storage.delete('b.png');
    await expect(storage.put('../x', BYTES, 'image/png')).rejects.toThrow();
    await expect(storage.delete('../x')).rejects.toThrow();
    expect(readdirSync(parent, { recursive: true }).sort()).toEqual([
      'uploads',
      join('uploads', 'a.png'),
      'x',
    ]);
    expect(readFileSync(join(parent, 'x'), 'utf8')).toBe('outside');
  });

  it('never follows a symlink planted under a key to a file outside', async () => {
    const parent = tempDir();
    // Shaped like a stored object, so that only refusing the link keeps it from being read.
    const outside = join(parent, 'secret.txt');
    const secret = '{"contentType":"text/plain"}\nnot yours';
    writeFileSync(outside, secret);
    const dir = join(parent, 'uploads');
    const storage = createLocalStorage(dir);
    symlinkSync(outside, join(dir, 'planted'));

    await expect(storage.get('planted')).rejects.toThrow(/ELOOP/);
    await storage.delete('planted');
    expect(readdirSync(dir)).toEqual([]);
    symlinkSync(outside, join(dir, 'planted'));
    await storage.put('planted', BYTES, 'image/png');

    expect(readFileSync(outside, 'utf8')).toBe(secret);
    expect((await storage.get('planted'))?.bytes.equals(BYTES)).toBe(true);
  });

  it('never shows a half-written object, even to a storage opened after a crash', async () => {
    const dir = join(tempDir(), 'uploads');
    const storage = createLocalStorage(dir);
    await storage.put('proof.png', Buffer.from('old'), 'image/png');

    crash.mode = 'hang';
    void storage.put('proof.png', BYTES, 'image/jpeg');
    await vi.waitFor(() => expect(crash.reached).toBe(true));
    // A write stuck mid-way holds up no other.
    await storage.put('fresh.png', BYTES, 'image/png');

    for (const reader of [storage, createLocalStorage(dir)]) {
      expect(await reader.get('proof.png')).toEqual({
        bytes: Buffer.from('old'),
        contentType: 'image/png',
      });
    }
    // The half-written temp file is there, under a name no key can take.
    const temps = readdirSync(dir).filter((name) => name !== 'proof.png' && name !== 'fresh.png');
    expect(temps).toHaveLength(1);
    expect(() => assertStorageKey(temps[0]!)).toThrow();
    expect(statSync(join(dir, temps[0]!)).size).toBeGreaterThan(0);
    expect(await storage.get('fresh.png')).toEqual({ bytes: BYTES, contentType: 'image/png' });
  });

  it('keeps the old object and removes its temp file when a write fails', async () => {
    const dir = join(tempDir(), 'uploads');
    const storage = createLocalStorage(dir);
    await storage.put('proof.png', Buffer.from('old'), 'image/png');

    crash.mode = 'fail';
    await expect(storage.put('proof.png', BYTES, 'image/jpeg')).rejects.toThrow('no space left');
    await expect(storage.put('fresh.png', BYTES, 'image/png')).resolves.toBeUndefined();

    expect(crash.reached).toBe(true);
    expect((await storage.get('proof.png'))?.bytes.toString()).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['fresh.png', 'proof.png']);
  });
});
