import { randomBytes } from 'node:crypto';
import { NEWS_IMAGE_PATH_PREFIX } from '@tradedesk/contract';
import sharp from 'sharp';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { Storage, StoredObject } from '../../platform/storage/storage.ts';
import { type ImageWorkQueue, reencodeImage } from '../uploads/index.ts';
import { NEWS_IMAGE_NAME } from './news-text.ts';

export const newsImageUrl = (name: string) => `${NEWS_IMAGE_PATH_PREFIX}${name}`;

/**
 * Public cover images: kept in the same Storage as private uploads, but under names that start
 * with `news-` (storage keys are flat, so the prefix is part of the name) and served to anyone.
 * Only names of that form are ever read back, so an upload's name can never be asked for here.
 */
export function createNewsImages(deps: {
  /** The audit row of an upload: the audit log is the operators' module's. */
  transact: Transact;
  storage: Storage;
  /** The node's one line of picture decoding: a cover waits its turn beside traders' uploads. */
  imageWork: ImageWorkQueue;
  now: () => number;
}) {
  const { storage, now } = deps;
  return {
    async upload(actor: AuditActor, original: Buffer): Promise<{ url: string }> {
      if (original.length === 0) throw new AppError('UPLOAD_MISSING');
      // Judged by its bytes and its declared size, and encoded again in its turn: no script
      // (SVG), no metadata survives, and no cover decodes more pixels than a trader's upload.
      const image = await reencodeImage(original, deps.imageWork);
      const name = `news-${randomBytes(16).toString('hex')}.${image.extension}`;
      await storage.put(name, image.bytes, image.contentType);
      try {
        await deps.transact((scope) =>
          scope.repository(createAuditLog).append(
            actor,
            {
              action: 'news.cover',
              targetType: 'news_image',
              targetId: name,
              after: { content_type: image.contentType, size: image.bytes.length },
            },
            now(),
          ),
        );
      } catch (error) {
        await storage.delete(name);
        throw error;
      }
      return { url: newsImageUrl(name) };
    },

    async read(name: string): Promise<StoredObject | undefined> {
      if (!NEWS_IMAGE_NAME.test(name)) return undefined;
      return storage.get(name);
    },

    /** Writes a seeded cover unless it is there already (a restart, another node). */
    async ensure(name: string, render: () => Promise<Buffer>): Promise<void> {
      if (await storage.get(name)) return;
      await storage.put(name, await render(), 'image/png');
    },
  };
}

export type NewsImages = ReturnType<typeof createNewsImages>;

/**
 * A seeded article's cover, drawn at seed time: a diagonal gradient in the article's two
 * colours with a few translucent rising bars (a chart's silhouette). No text, so one picture
 * serves every language.
 */
export function renderSeedCover(
  colours: readonly [string, string],
  bars: readonly number[],
): Promise<Buffer> {
  const width = 720;
  const height = 400;
  const step = width / bars.length;
  const rects = bars
    .map((h, i) => {
      const barHeight = Math.round(h * height * 0.7);
      return `<rect x="${Math.round(i * step + step * 0.2)}" y="${height - barHeight}" width="${Math.round(step * 0.6)}" height="${barHeight}" rx="6" fill="#ffffff" fill-opacity="0.18"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${rects}<circle cx="${width - 90}" cy="80" r="46" fill="#ffffff" fill-opacity="0.12"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
