import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';

/** What an upload is kept as: the format it came in, decoded and encoded again. */
const FORMATS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

/**
 * A decompression bomb (a small file of a huge picture) would take gigabytes to decode. 40
 * megapixels is above any phone camera's photo of a document.
 */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ReencodedImage {
  bytes: Buffer;
  contentType: (typeof FORMATS)[keyof typeof FORMATS]['contentType'];
  extension: (typeof FORMATS)[keyof typeof FORMATS]['extension'];
}

/**
 * Judges an upload by its bytes (the name and the declared type are the sender's word, not
 * evidence), refuses anything but JPEG, PNG and WebP — SVG above all, which is a script — and
 * encodes the pixels again. sharp writes no metadata unless asked, so EXIF (GPS position,
 * device, time) never survives; the picture is turned upright first, since the orientation
 * that EXIF carried goes with it.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new AppError('UPLOAD_BAD_TYPE');
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp')
    throw new AppError('UPLOAD_BAD_TYPE');
  const kept = FORMATS[format];
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const encoded =
      format === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : format === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    return { bytes: await encoded.toBuffer(), ...kept };
  } catch {
    // Right magic bytes, broken body (a truncated file): not an image we can keep.
    throw new AppError('UPLOAD_BAD_TYPE');
  }
}
