import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A small real image of a format, optionally carrying EXIF (with a GPS position). */
export async function testImage(
  format: 'jpeg' | 'png' | 'webp' = 'png',
  options: { exif?: boolean; width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  let image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 40,
      channels: 3,
      background: { r: 200, g: 120, b: 40 },
    },
  });
  if (options.exif)
    image = image.withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 16/1 0/1' },
    });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipartBody(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----tdtest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /api/common/image_upload through the app; answers the envelope. */
export async function uploadImage(
  app: FastifyInstance,
  token: string | undefined,
  file: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the endpoint answers
): Promise<{ code: number; msg: string; data: any; status: number }> {
  const { payload, contentType } = multipartBody(file, options);
  const response = await app.inject({
    method: 'POST',
    url: '/api/common/image_upload',
    headers: {
      lang: 'en',
      'content-type': contentType,
      ...(token ? { authorization: token } : {}),
    },
    payload,
  });
  return { ...response.json(), status: response.statusCode };
}
