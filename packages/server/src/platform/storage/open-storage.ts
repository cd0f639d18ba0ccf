import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The storage this deployment uses: the S3 bucket of S3_URL when there is one (several nodes
 * must see the same uploads), otherwise files under `uploadsDir` on this node's disk. An empty
 * S3_URL counts as none, as an unset variable in an env file often is.
 */
export function openStorage(options: { s3Url?: string; uploadsDir: string }): Storage {
  return options.s3Url ? createS3Storage(options.s3Url) : createLocalStorage(options.uploadsDir);
}
