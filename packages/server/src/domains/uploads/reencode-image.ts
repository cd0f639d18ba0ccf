import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/http/app-error.ts';
import type { ImageWorkQueue } from './image-work-queue.ts';

// libvips on one thread per picture: a re-encode then holds one core, never all of them, and
// pictures take turns in the image work queue. No cache of decoded pictures either: the
// pixels of a trader's identity document have no reason to stay in memory after their turn.
sharp.concurrency(1);
sharp.cache(false);

/** What an upload is kept as: the format it came in, decoded and encoded again. */
const FORMATS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

/**
 * The pictures we take, judged by what their header declares before a pixel is decoded. A
 * header costs nothing to forge: a 200-byte PNG may declare 40 000 000 × 1 pixels, and
 * decoding it took 22 s and 1.6 GB. Width × height at most 25 megapixels: above an iPhone's
 * default 24 MP photo (5712 × 4284), a 12 MP Android photo and an A4 page scanned at 400 dpi
 * (15.5 MP) — an ID card, a transfer receipt or a news cover needs no more; 48 MP and larger
 * sensor modes are refused with a message saying so. A side at most 8 000 px: every camera
 * shape within 25 MP fits (16:9 is 6 667 px long), with room for a long phone screenshot of a
 * transfer (1 080 × 8 000); no decoder allocates rows for 40 million pixels. At most 20:1: no
 * document, receipt or cover is a thread, and a 40 000 000 × 1 header is refused twice over.
 */
export const IMAGE_LIMITS = {
  maxPixels: 25_000_000,
  maxSide: 8_000,
  maxAspect: 20,
} as const;

/**
 * What is kept: at most 12 megapixels (a phone's usual photo passes unscaled; a larger one is
 * scaled down, keeping its shape). The encoder's time grows with the pixels it writes, so this
 * bounds each turn; a reviewer still reads every line of a document.
 */
export const MAX_OUTPUT_PIXELS = 12_000_000;

export interface ReencodedImage {
  bytes: Buffer;
  contentType: (typeof FORMATS)[keyof typeof FORMATS]['contentType'];
  extension: (typeof FORMATS)[keyof typeof FORMATS]['extension'];
}

interface Header {
  format: keyof typeof FORMATS;
  width: number;
  height: number;
  /** EXIF orientation 5–8 turns the picture a quarter: its width becomes its height. */
  turned: boolean;
}

/** The declared format and size, read from the header alone; refusals before any decoding. */
async function readHeader(bytes: Buffer): Promise<Header> {
  let metadata: Metadata;
  try {
    // No pixel limit here: the header is all that is read, and the limits below answer with
    // their own message. The decoding pipeline keeps sharp's limit as a second guard.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UPLOAD_BAD_TYPE');
  }
  const { format, width, height } = metadata;
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp')
    throw new AppError('UPLOAD_BAD_TYPE');
  if (!(width > 0 && height > 0)) throw new AppError('UPLOAD_BAD_TYPE');
  const { maxPixels, maxSide, maxAspect } = IMAGE_LIMITS;
  if (
    width * height > maxPixels ||
    Math.max(width, height) > maxSide ||
    Math.max(width, height) > maxAspect * Math.min(width, height)
  )
    throw new AppError('UPLOAD_DIMENSIONS', {
      megapixels: maxPixels / 1_000_000,
      side: maxSide,
      ratio: maxAspect,
    });
  return { format, width, height, turned: (metadata.orientation ?? 1) >= 5 };
}

/** The upright size to scale down to, or undefined when the picture is within MAX_OUTPUT_PIXELS. */
function scaledSize({
  width,
  height,
  turned,
}: Header): { width: number; height: number } | undefined {
  if (width * height <= MAX_OUTPUT_PIXELS) return undefined;
  const [w, h] = turned ? [height, width] : [width, height];
  const scale = Math.sqrt(MAX_OUTPUT_PIXELS / (w * h));
  return { width: Math.max(1, Math.floor(w * scale)), height: Math.max(1, Math.floor(h * scale)) };
}

/**
 * Judges an upload by its bytes (the name and the declared type are the sender's word, not
 * evidence), refuses anything but JPEG, PNG and WebP — SVG above all, which is a script — and
 * pictures whose header declares a size beyond IMAGE_LIMITS, before decoding anything; then,
 * in its turn in `work`, decodes and encodes the pixels again. sharp writes no metadata unless
 * asked, so EXIF (GPS position, device, time) never survives; the picture is turned upright
 * first, since the orientation that EXIF carried goes with it.
 */
export async function reencodeImage(bytes: Buffer, work: ImageWorkQueue): Promise<ReencodedImage> {
  const header = await readHeader(bytes);
  const kept = FORMATS[header.format];
  return work.run(async () => {
    const size = scaledSize(header);
    let image = sharp(bytes, {
      limitInputPixels: IMAGE_LIMITS.maxPixels,
      failOn: 'error',
    }).rotate();
    if (size) image = image.resize({ ...size, fit: 'inside' });
    try {
      // libjpeg-turbo rather than mozjpeg: mozjpeg's trellis search cost six times the CPU
      // for a file a little smaller, and these pictures are read by a few reviewers.
      const encoded =
        header.format === 'jpeg'
          ? image.jpeg({ quality: 90 })
          : header.format === 'png'
            ? image.png({ compressionLevel: 6 })
            : image.webp({ quality: 90 });
      return { bytes: await encoded.toBuffer(), ...kept };
    } catch {
      // Right magic bytes, broken body (a truncated file), or pixels beyond what the header
      // declared: not an image we can keep.
      throw new AppError('UPLOAD_BAD_TYPE');
    }
  });
}
