import { UPLOAD_PATH_PREFIX } from '@tradedesk/contract';
import { ApiError, requestHeaders, settleEnvelope, toEnvelope } from './api-client.ts';

/**
 * Whether `url` is one of our uploads. Only those are fetched with the trader's token: an
 * absolute or protocol-relative url would send it to another host.
 */
export function isUploadUrl(url: string): boolean {
  return url.startsWith(UPLOAD_PATH_PREFIX) && url.length > UPLOAD_PATH_PREFIX.length;
}

/**
 * Reads one of the trader's uploads. Uploads are private (only their uploader and operators
 * may read them), so an <img src> cannot load them: they are fetched with the `authorization`
 * header and shown from the blob. A refusal is not toasted (the slot just shows no picture),
 * but a 999 still ends the session.
 */
export async function fetchPrivateImage(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!isUploadUrl(url)) throw new ApiError(0, `Not an upload: ${url}`);
  const response = await fetch(url, { headers: requestHeaders(), signal: signal ?? null });
  if (response.ok && response.headers.get('content-type')?.startsWith('image/')) {
    return response.blob();
  }
  const envelope = toEnvelope(await response.json().catch(() => null), response.status);
  settleEnvelope(envelope, { silent: true });
  throw new ApiError(response.status, `HTTP ${response.status}`);
}
