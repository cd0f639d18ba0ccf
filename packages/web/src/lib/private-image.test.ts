import type { User } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session-store.ts';
import { setInvalidSessionHandler } from './api-client.ts';
import { fetchPrivateImage, isUploadUrl } from './private-image.ts';

vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn(), clear: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session-token', user: { uid: '7' } as User });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('isUploadUrl', () => {
  it('accepts our upload paths only', () => {
    expect(isUploadUrl('/api/common/upload/3f2a.jpg')).toBe(true);
    expect(isUploadUrl('/api/common/upload/')).toBe(false);
    expect(isUploadUrl('https://elsewhere.example/api/common/upload/3f2a.jpg')).toBe(false);
    expect(isUploadUrl('//elsewhere.example/api/common/upload/3f2a.jpg')).toBe(false);
  });
});

describe('fetchPrivateImage', () => {
  it('reads the upload with the session header and answers its bytes', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } }),
    );
    const blob = await fetchPrivateImage('/api/common/upload/3f2a.jpg');
    expect(blob.size).toBe(3);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/common/upload/3f2a.jpg');
    expect(init?.headers).toMatchObject({ authorization: 'session-token' });
  });

  it('never sends the token anywhere else', async () => {
    await expect(fetchPrivateImage('https://elsewhere.example/x.jpg')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails quietly on a refusal, but a 999 still ends the session', async () => {
    const onInvalid = vi.fn();
    setInvalidSessionHandler(onInvalid);
    fetchMock.mockResolvedValue(Response.json({ code: 999, msg: 'Please log in', data: null }));
    await expect(fetchPrivateImage('/api/common/upload/3f2a.jpg')).rejects.toMatchObject({
      code: 999,
    });
    expect(Toast.show).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBeNull();
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });

  it('fails with the HTTP status when the answer is neither an image nor an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('gone', { status: 404 }));
    await expect(fetchPrivateImage('/api/common/upload/3f2a.jpg')).rejects.toMatchObject({
      code: 404,
    });
    expect(Toast.show).not.toHaveBeenCalled();
  });
});
