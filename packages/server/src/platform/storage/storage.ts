/**
 * Where private uploads (ID documents, deposit proofs) are kept: files on the node's disk in
 * the embedded deployment, an S3 bucket when several nodes must see the same objects.
 * Callers name objects by flat keys they generate themselves; no client text ever becomes a key.
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface Storage {
  /** Writes (or replaces) an object. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A flat name: no separator, so a key cannot leave its directory or prefix, and no leading
 * dot, so a key can never name a hidden file (the local storage keeps its temp files hidden).
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Throws unless `key` is a flat storage key. Every implementation checks every key before it
 * touches anything, so that path traversal is impossible whichever storage is configured.
 */
export function assertStorageKey(key: string): void {
  // `..` is refused even inside a name ("a..b"): harmless here, but no key needs it, and a
  // key that looks like traversal to a reviewer or a log reader is worth refusing.
  if (!KEY_PATTERN.test(key) || key.includes('..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 140))}`);
  }
}
