import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_PATH_PREFIX } from '@tradedesk/contract';
import type { UploadPurpose } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { ImageWorkQueue } from './image-work-queue.ts';
import { reencodeImage } from './reencode-image.ts';
import type { UploadsTables } from './tables.ts';
import { createUploadPurposes, type PurposeCheck } from './upload-purposes.ts';
import { createUploadsRepository } from './uploads.repository.ts';

/** Uploads no submission referenced within a day are removed (the rule). */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Random names: a URL tells nothing about whose document it is, and cannot be guessed. */
const NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export interface UploadRecord {
  name: string;
  userId: number;
  contentType: string;
  /** What the upload was submitted as, by the records that reference it; none if unreferenced. */
  purposes: UploadPurpose[];
}

/** The upload name inside a URL this server answered, or undefined for anything else. */
export function uploadNameOf(url: string): string | undefined {
  let pathname = url.trim();
  // The client may send back the URL absolute (its origin plus our path) or as we gave it.
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return undefined;
    }
  }
  if (!pathname.startsWith(UPLOAD_PATH_PREFIX)) return undefined;
  const name = pathname.slice(UPLOAD_PATH_PREFIX.length);
  return NAME.test(name) ? name : undefined;
}

export const uploadUrlOf = (name: string) => `${UPLOAD_PATH_PREFIX}${name}`;

/**
 * Private image uploads (ID documents and deposit proofs): re-encoded, kept in the
 * configured Storage under a random name, and recorded with their owner. A submission
 * claims its uploads in its own transaction; what nobody claims is swept after a day.
 */
export function createUploadsService(deps: {
  db: Kysely<UploadsTables>;
  storage: Storage;
  limiter: RateLimiter;
  /** The node's one line of image work, shared with the news covers. */
  imageWork: ImageWorkQueue;
  now: () => number;
}) {
  const { storage, now } = deps;
  const uploads = createUploadsRepository(deps.db);
  const purposes = createUploadPurposes();

  return {
    async upload(userId: number, original: Buffer): Promise<{ url: string }> {
      if (original.length === 0) throw new AppError('UPLOAD_MISSING');
      const verdict = await deps.limiter.consume(`upload:${userId}`, RATE_LIMITS.uploadsPerUser);
      if (!verdict.allowed)
        throw new AppError('RATE_LIMITED', {
          seconds: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)),
        });
      const image = await reencodeImage(original, deps.imageWork);
      const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
      await storage.put(name, image.bytes, image.contentType);
      try {
        await uploads.insert({
          name,
          user_id: userId,
          content_type: image.contentType,
          size: image.bytes.length,
          sha256: createHash('sha256').update(original).digest('hex'),
          created_at: now(),
          referenced_at: null,
        });
      } catch (error) {
        await storage.delete(name);
        throw error;
      }
      return { url: uploadUrlOf(name) };
    },

    /**
     * An upload's record — its owner and what it was submitted as — or undefined. Who may see
     * it is the caller's decision, made before its bytes are read (`bytesOf`).
     */
    async find(name: string): Promise<UploadRecord | undefined> {
      if (!NAME.test(name)) return undefined;
      const found = await uploads.find(name);
      if (!found) return undefined;
      const { userId, contentType } = found;
      return { name, userId, contentType, purposes: await purposes.of(name, userId) };
    },

    /** The stored bytes of an upload found by `find`, or undefined if the file is gone. */
    async bytesOf(upload: UploadRecord): Promise<Buffer | undefined> {
      return (await storage.get(upload.name))?.bytes;
    },

    /**
     * A domain whose records reference uploads tells how to recognise them (identity its
     * documents, funding its deposit proofs): `find` names an upload's purposes by them.
     */
    registerPurpose: (purpose: UploadPurpose, check: PurposeCheck) =>
      purposes.register(purpose, check),

    /**
     * Claims on the transaction of the submission that references them, as the submission's
     * repository (`ctx.repository(uploads.claims)`): they commit or roll back with it.
     */
    claims: (executor: Executor<UploadsTables>) => uploadClaims(executor, now),

    /**
     * Removes uploads nobody referenced for a day. The row goes first, by a conditional delete
     * that a concurrent claim defeats (the claim sets referenced_at, or finds no row and
     * refuses); the file goes once its row is gone, so no row ever points at nothing.
     */
    async sweep(): Promise<number> {
      const stale = await uploads.unreferencedBefore(now() - UNREFERENCED_UPLOAD_TTL_MS, 500);
      let removed = 0;
      for (const name of stale) {
        if (!(await uploads.removeUnreferenced(name))) continue;
        await storage.delete(name);
        removed += 1;
      }
      return removed;
    },
  };
}

/** A submission's claims on its trader's uploads, in the submission's transaction. */
function uploadClaims(executor: Executor<UploadsTables>, now: () => number) {
  const uploads = createUploadsRepository(executor);
  return {
    /**
     * The name behind `url` if it is one of `userId`'s uploads, marked as referenced (so the
     * sweeper keeps it); UPLOAD_NOT_OWN otherwise — someone else's upload, one already swept,
     * or no upload of ours at all.
     */
    async claimOwn(userId: number, url: string): Promise<string> {
      const name = uploadNameOf(url);
      if (!name || !(await uploads.claim(name, userId, now())))
        throw new AppError('UPLOAD_NOT_OWN');
      return name;
    },

    /** The sha256 of an upload's original bytes: the same picture sent twice has the same one. */
    digestOf: (name: string): Promise<string> => uploads.digestOf(name),
  };
}

export type UploadClaims = ReturnType<typeof uploadClaims>;
export type UploadsService = ReturnType<typeof createUploadsService>;
