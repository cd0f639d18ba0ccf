import { type Envelope, type ImageUpload, ROUTES, UPLOAD_FIELD } from '@tradedesk/contract';
import {
  ApiError,
  beginRequest,
  failTransport,
  type RequestOptions,
  requestHeaders,
  settleEnvelope,
  toEnvelope,
} from './api-client.ts';

export interface UploadImageOptions {
  /** Share of the bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** SPEC.md §7: an image upload shows the blocking loading indicator until it is answered. */
const UPLOAD_REQUEST: RequestOptions = { loading: true };

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Sends one image to POST /api/common/image_upload (multipart, field `file`) and resolves
 * with the private url it is read back from. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Headers, envelope, refusal toasts (3001–3003 carry their own
 * `msg`), 999 and network errors are the api client's, so an upload behaves like any call.
 */
export function uploadImage(file: Blob, options: UploadImageOptions = {}): Promise<string> {
  const { signal, onProgress } = options;
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const finish = (settle: () => void) => {
      signal?.removeEventListener('abort', cancel);
      settle();
    };

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    // Every byte is sent (small files may report no progress before): the server is judging it.
    xhr.upload.addEventListener('load', () => onProgress?.(1));
    xhr.addEventListener('load', () =>
      finish(() => {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(xhr.responseText);
        } catch {
          // Not JSON (a proxy's error page): toEnvelope fails it with the HTTP status.
        }
        let envelope: Envelope<ImageUpload>;
        try {
          envelope = toEnvelope<ImageUpload>(parsed, xhr.status);
        } catch (error) {
          reject(failTransport(error, UPLOAD_REQUEST));
          return;
        }
        try {
          resolve(settleEnvelope(envelope, UPLOAD_REQUEST).url);
        } catch (error) {
          reject(error);
        }
      }),
    );
    xhr.addEventListener('error', () =>
      finish(() => reject(failTransport(new ApiError(0, 'Network error'), UPLOAD_REQUEST))),
    );
    xhr.addEventListener('abort', () =>
      finish(() => reject(failTransport(abortError(), UPLOAD_REQUEST))),
    );
    signal?.addEventListener('abort', cancel, { once: true });

    const { method, path } = ROUTES.imageUpload;
    xhr.open(method, path);
    // No content-type: the browser writes multipart/form-data with its boundary.
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    const body = new FormData();
    body.append(UPLOAD_FIELD, file);
    beginRequest(UPLOAD_REQUEST);
    xhr.send(body);
  });
}
