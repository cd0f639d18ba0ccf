import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdminApiError,
  adminApi,
  fetchCaptcha,
  fetchUpload,
  isUploadUrl,
  setSessionHandlers,
} from './admin-api.ts';
import { setMessageApi } from './notify.ts';
import { getToken, setToken } from './session.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function answer(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json' },
    ...init,
  });
}

let sent: Sent[];
let shown: string[];
let handlers: { invalid: number; setup: number; password: number };

function serve(...responses: Response[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      const next = responses.shift();
      if (!next) throw new Error('no answer prepared');
      return next;
    }),
  );
}

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  sent = [];
  shown = [];
  handlers = { invalid: 0, setup: 0, password: 0 };
  const record = (text: string) => {
    shown.push(text);
    return Promise.resolve(true);
  };
  setMessageApi({ error: record, success: record, warning: record, info: record } as never);
  setSessionHandlers({
    onInvalidSession: () => handlers.invalid++,
    onSetupRequired: () => handlers.setup++,
    onPasswordChangeRequired: () => handlers.password++,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setMessageApi(undefined);
});

describe('adminApi', () => {
  it('sends GET parameters in the query string with lang and the bearer token', async () => {
    setToken('t0k');
    serve(answer({ code: 1, msg: 'ok', data: { data: [], total: 0 } }));
    await adminApi('users', { page: 2, query: 'ann@x', is_demo: 0 });
    expect(sent[0]).toMatchObject({
      url: '/admin/api/users?page=2&query=ann%40x&is_demo=0',
      method: 'GET',
      headers: { lang: 'en', authorization: 'Bearer t0k' },
      body: null,
    });
  });

  it('puts :id into the path and the rest into a JSON body', async () => {
    setToken('t0k');
    serve(answer({ code: 1, msg: 'ok', data: {} }));
    await adminApi('rejectIdentity', { id: 42, reason: 'Blurred' });
    expect(sent[0]).toMatchObject({
      url: '/admin/api/identities/42/reject',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { reason: 'Blurred' },
    });
  });

  it('always sends a JSON body on POST, an empty object without parameters', async () => {
    setToken('t0k');
    serve(answer({ code: 1, msg: 'ok', data: null }));
    await adminApi('logout');
    expect(sent[0]?.body).toEqual({});
  });

  it('shows a refusal and throws it with its code', async () => {
    setToken('t0k');
    serve(answer({ code: 4007, msg: 'This identity is not waiting for review', data: null }));
    const call = adminApi('approveIdentity', { id: 1 });
    await expect(call).rejects.toMatchObject({ code: 4007 });
    expect(shown).toEqual(['This identity is not waiting for review']);
  });

  it('keeps the codes a caller handles inline silent', async () => {
    serve(answer({ code: 4003, msg: 'Enter your code', data: null }));
    const call = adminApi(
      'login',
      { account: 'a@b.c', password: 'secret1', otp: undefined },
      { silent: [4003] },
    );
    await expect(call).rejects.toBeInstanceOf(AdminApiError);
    expect(shown).toEqual([]);
  });

  it('ends the session once on 999, however many calls were in flight', async () => {
    setToken('t0k');
    const expired = { code: 999, msg: 'Please log in again', data: null };
    serve(answer(expired), answer(expired));
    const results = await Promise.allSettled([adminApi('me'), adminApi('operators')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(getToken()).toBeNull();
    expect(handlers.invalid).toBe(1);
    expect(shown).toEqual(['Please log in again']);
  });

  it('sends the operator to enrolment on 4009', async () => {
    setToken('t0k');
    serve(answer({ code: 4009, msg: 'Set up two-factor first', data: null }));
    await expect(adminApi('settings')).rejects.toMatchObject({ code: 4009 });
    expect(handlers.setup).toBe(1);
    expect(getToken()).toBe('t0k');
  });

  it('sends the owner on the generated password to its change on 4012, without a notice', async () => {
    setToken('t0k');
    serve(answer({ code: 4012, msg: 'Choose a new password first', data: null }));
    await expect(adminApi('users', { page: 1 })).rejects.toMatchObject({ code: 4012 });
    expect(handlers.password).toBe(1);
    expect(handlers.setup).toBe(0);
    // The change screen says why; the session stays.
    expect(shown).toEqual([]);
    expect(getToken()).toBe('t0k');
  });

  it('turns an answer without an envelope into an error with the HTTP status', async () => {
    serve(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(adminApi('me')).rejects.toMatchObject({ code: 502 });
    expect(shown).toHaveLength(1);
  });

  it('shows nothing when a call is cancelled while its body is still arriving', async () => {
    // React Query cancels a conversation's refetch when the desk socket and a reply's success
    // invalidate it at once; the headers (HTTP 200) are in, the body is cut off by the abort.
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"code":1,"msg":"ok","da'));
        controller.signal.addEventListener('abort', () =>
          stream.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    serve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    const call = adminApi('supportThread', { id: 6, limit: 20 }, { signal: controller.signal });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown).toEqual([]);
  });
});

describe('fetchUpload', () => {
  it('reads an upload with the token and gives its bytes', async () => {
    setToken('t0k');
    serve(new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }));
    const blob = await fetchUpload('/api/common/upload/abc.png');
    expect(blob.size).toBe(3);
    expect(sent[0]).toMatchObject({
      url: '/api/common/upload/abc.png',
      headers: { authorization: 'Bearer t0k' },
    });
  });

  it('never sends the token anywhere but this server’s uploads', async () => {
    setToken('t0k');
    serve();
    for (const url of [
      'https://evil.example/x.png',
      '//evil.example/api/common/upload/x.png',
      '/api/common/upload/../../admin/api/me',
      '/admin/api/me',
    ]) {
      expect(isUploadUrl(url)).toBe(false);
      await expect(fetchUpload(url)).rejects.toBeInstanceOf(AdminApiError);
    }
    expect(sent).toEqual([]);
  });

  it('answers a refusal without showing it', async () => {
    setToken('t0k');
    serve(answer({ code: 404, msg: 'Not found', data: null }, { status: 404 }));
    await expect(fetchUpload('/api/common/upload/gone.png')).rejects.toMatchObject({ code: 404 });
    expect(shown).toEqual([]);
  });
});

describe('fetchCaptcha', () => {
  it("draws a captcha from the traders' endpoint without the operator's token", async () => {
    setToken('t0k');
    const captcha = { key: 'k1', img: 'data:image/svg+xml;base64,PHN2Zy8+' };
    serve(answer({ code: 1, msg: 'ok', data: captcha }));
    expect(await fetchCaptcha()).toEqual(captcha);
    expect(sent).toEqual([
      { url: '/api/captcha', method: 'GET', headers: { lang: 'en' }, body: undefined },
    ]);
  });

  it('shows a refusal (too many pictures from this address)', async () => {
    serve(answer({ code: 1015, msg: 'Too many attempts', data: null }));
    await expect(fetchCaptcha()).rejects.toMatchObject({ code: 1015 });
    expect(shown).toEqual(['Too many attempts']);
  });
});
