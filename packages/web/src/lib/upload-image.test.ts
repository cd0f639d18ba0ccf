import type { User } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/locales/en.json';
import { useSessionStore } from '../stores/session-store.ts';
import { ApiError, setInvalidSessionHandler } from './api-client.ts';
import { loadToast } from './toast.ts';
import { uploadImage } from './upload-image.ts';

vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn(), clear: vi.fn() } }));

/** Plays the server's part of an XMLHttpRequest: the test sends progress and the answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable }));
  }
  sentAll() {
    this.upload.dispatchEvent(new ProgressEvent('load'));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
  failNetwork() {
    this.dispatchEvent(new Event('error'));
  }
}

function sent(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
}

const toastContents = () =>
  vi
    .mocked(Toast.show)
    .mock.calls.map(([props]) => (typeof props === 'string' ? props : String(props.content ?? '')));
const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });

beforeAll(async () => {
  // The client loads its Toast on first use; loaded now, it toasts synchronously, as here.
  await loadToast();
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  useSessionStore.setState({ token: 'session-token', user: { uid: '7' } as User });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('uploadImage', () => {
  it('posts the file in the `file` field with lang and authorization, reporting progress', async () => {
    const onProgress = vi.fn();
    const done = uploadImage(image, { onProgress });
    const xhr = sent();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/common/image_upload']);
    expect(xhr.headers).toEqual({ lang: 'en', authorization: 'session-token' });
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((xhr.body as FormData).get('file') as File).name).toBe('front.jpg');

    xhr.progress(250, 1000);
    xhr.progress(500, 1000, false);
    xhr.sentAll();
    xhr.respond(200, { code: 1, msg: 'ok', data: { url: '/api/common/upload/3f2a.jpg' } });

    await expect(done).resolves.toBe('/api/common/upload/3f2a.jpg');
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });

  it('shows the blocking loading indicator until the answer, then clears it', async () => {
    const done = uploadImage(image);
    expect(Toast.show).toHaveBeenCalledWith(
      expect.objectContaining({ icon: 'loading', maskClickable: false }),
    );
    expect(Toast.clear).not.toHaveBeenCalled();
    sent().respond(200, { code: 1, msg: 'ok', data: { url: '/api/common/upload/a.png' } });
    await done;
    expect(Toast.clear).toHaveBeenCalledTimes(1);
  });

  it('toasts a refusal’s msg and rejects with its code', async () => {
    const done = uploadImage(image);
    sent().respond(200, { code: 3003, msg: 'The image is too large: at most 5 MB', data: null });
    await expect(done).rejects.toEqual(new ApiError(3003, 'The image is too large: at most 5 MB'));
    expect(toastContents()).toContain('The image is too large: at most 5 MB');
    expect(useSessionStore.getState().token).toBe('session-token');
  });

  it('ends the session on 999 and hands over to the invalid-session handler', async () => {
    const onInvalid = vi.fn();
    setInvalidSessionHandler(onInvalid);
    const done = uploadImage(image);
    sent().respond(200, { code: 999, msg: 'Please log in again', data: null });
    await expect(done).rejects.toMatchObject({ code: 999 });
    expect(useSessionStore.getState().token).toBeNull();
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });

  it('reports an answer that is no envelope as a network error with its HTTP status', async () => {
    const done = uploadImage(image);
    sent().respond(502, '<html>Bad gateway</html>');
    await expect(done).rejects.toMatchObject({ code: 502 });
    expect(toastContents()).toContain('Network error (502), please try again');
  });

  it('reports a dropped connection as a network error with code 0', async () => {
    const done = uploadImage(image);
    sent().failNetwork();
    await expect(done).rejects.toMatchObject({ code: 0 });
    expect(toastContents()).toContain('Network error (0), please try again');
  });

  it('cancels with the signal: rejects as aborted, clears the indicator, toasts nothing', async () => {
    const controller = new AbortController();
    const done = uploadImage(image, { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(Toast.clear).toHaveBeenCalledTimes(1);
    expect(toastContents()).toEqual(['']);
  });

  it('sends nothing when the signal was already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadImage(image, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeUndefined();
    expect(Toast.show).not.toHaveBeenCalled();
  });
});
