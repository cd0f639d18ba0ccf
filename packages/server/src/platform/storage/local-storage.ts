import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { constants, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertStorageKey, type Storage, type StoredObject } from './storage.ts';

/**
 * An object is one file holding both its content type and its bytes: a header line, then the
 * bytes. A sidecar file for the type would take two renames per write, and a crash between
 * them would pair new bytes with an old type (or leave a type without bytes); one file is
 * replaced by one rename, so a reader always sees a whole object. The header is JSON, so that
 * no content type can contain the newline that ends it.
 */
function encodeObject(bytes: Buffer, contentType: string): Buffer {
  return Buffer.concat([Buffer.from(`${JSON.stringify({ contentType })}\n`), bytes]);
}

function readContentType(headerLine: string): string | undefined {
  try {
    const header: unknown = JSON.parse(headerLine);
    if (typeof header !== 'object' || header === null || !('contentType' in header)) return;
    return typeof header.contentType === 'string' ? header.contentType : undefined;
  } catch {
    return undefined;
  }
}

function decodeObject(file: Buffer, key: string): StoredObject {
  const newline = file.indexOf(0x0a);
  const contentType =
    newline < 0 ? undefined : readContentType(file.subarray(0, newline).toString());
  // Only a file written by something else can get here: ours are renamed into place whole.
  if (contentType === undefined) throw new Error(`Stored object ${key} has no valid header`);
  return { bytes: file.subarray(newline + 1), contentType };
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Keeps objects as files in `dir` (one per key, readable by this user only), for the embedded
 * deployment where one node owns the disk.
 *
 * A write goes to a temp file in the same directory (same file system, so the rename is
 * atomic), flushed to disk, then renamed over the key: a crash at any point leaves either the
 * old object or the new one. Temp names start with a dot, which no key can, so a leftover temp
 * file from a crash is never readable as an object (it is only litter, safe to delete).
 *
 * Keys are checked before any path is built, and reads refuse to follow a symlink, so no key
 * reaches a file outside `dir`.
 */
export function createLocalStorage(dir: string): Storage {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });

  function pathOf(key: string): string {
    assertStorageKey(key);
    return join(root, key);
  }

  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      const temp = join(root, `.${key}.${randomUUID()}.tmp`);
      try {
        // `wx`: a fresh file, so the mode is ours and nothing else can be writing it.
        await writeFile(temp, encodeObject(bytes, contentType), {
          flag: 'wx',
          mode: 0o600,
          flush: true,
        });
        // rename replaces a symlink at `path` itself, never the file it points to.
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      let file: Buffer;
      try {
        file = await readFile(path, { flag: constants.O_RDONLY | constants.O_NOFOLLOW });
      } catch (error) {
        if (hasCode(error, 'ENOENT')) return undefined;
        throw error;
      }
      return decodeObject(file, key);
    },

    async delete(key) {
      // Removes a symlink itself, never its target; `force` makes a missing key a no-op.
      await rm(pathOf(key), { force: true });
    },

    async close() {},
  };
}
