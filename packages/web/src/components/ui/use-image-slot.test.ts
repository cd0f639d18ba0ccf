import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { fetchPrivateImage } from '../../lib/private-image.ts';
import { type UploadImageOptions, uploadImage } from '../../lib/upload-image.ts';
import { useImageSlot } from './use-image-slot.ts';

vi.mock('../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));
vi.mock('../../lib/private-image.ts', () => ({ fetchPrivateImage: vi.fn() }));

/** Object URLs named after the blob they show, so a test can tell which picture is on screen. */
const names = new Map<Blob, string>();
const revoked: string[] = [];
let created = 0;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function photo(name: string): File {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  names.set(file, name);
  return file;
}

beforeEach(() => {
  created = 0;
  revoked.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(
    (blob) => `blob:${names.get(blob as Blob) ?? 'unknown'}#${++created}`,
  );
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(uploadImage).mockReset();
  vi.mocked(fetchPrivateImage).mockReset();
});

describe('useImageSlot', () => {
  it('shows the chosen file while it uploads, then the server’s copy', async () => {
    const upload = deferred<string>();
    let options: UploadImageOptions = {};
    vi.mocked(uploadImage).mockImplementation((_file, given) => {
      options = given ?? {};
      return upload.promise;
    });
    const serverCopy = new Blob(['y'], { type: 'image/jpeg' });
    names.set(serverCopy, 'server');
    vi.mocked(fetchPrivateImage).mockResolvedValue(serverCopy);
    const { result } = renderHook(() => useImageSlot());

    let chosen!: Promise<void>;
    act(() => {
      chosen = result.current.choose(photo('front'));
    });
    expect(result.current).toMatchObject({ preview: 'blob:front#1', percent: 0, uploading: true });
    act(() => options.onProgress?.(0.426));
    expect(result.current.percent).toBe(43);

    await act(async () => {
      upload.resolve('/api/common/upload/f.jpg');
      await chosen;
    });
    expect(fetchPrivateImage).toHaveBeenCalledWith('/api/common/upload/f.jpg', expect.anything());
    expect(result.current).toMatchObject({
      url: '/api/common/upload/f.jpg',
      preview: 'blob:server#2',
      percent: null,
      uploading: false,
    });
    expect(revoked).toEqual(['blob:front#1']);
  });

  it('keeps the local picture when the server’s copy cannot be read', async () => {
    vi.mocked(uploadImage).mockResolvedValue('/api/common/upload/f.jpg');
    vi.mocked(fetchPrivateImage).mockRejectedValue(new ApiError(404, 'HTTP 404'));
    const { result } = renderHook(() => useImageSlot());
    await act(() => result.current.choose(photo('front')));
    expect(result.current).toMatchObject({
      url: '/api/common/upload/f.jpg',
      preview: 'blob:front#1',
    });
    expect(revoked).toEqual([]);
  });

  it('puts the previous image back when a replacement is refused', async () => {
    const first = photo('first');
    vi.mocked(uploadImage).mockResolvedValueOnce('/api/common/upload/1.jpg');
    vi.mocked(fetchPrivateImage).mockRejectedValue(new ApiError(0, 'offline'));
    const { result } = renderHook(() => useImageSlot());
    await act(() => result.current.choose(first));

    vi.mocked(uploadImage).mockRejectedValueOnce(new ApiError(3003, 'too large'));
    await act(() => result.current.choose(photo('huge')));

    expect(result.current).toMatchObject({
      url: '/api/common/upload/1.jpg',
      preview: 'blob:first#3',
      uploading: false,
    });
    expect(revoked).toEqual(['blob:first#1', 'blob:huge#2']);
  });

  it('empties the slot when its first upload is refused', async () => {
    vi.mocked(uploadImage).mockRejectedValue(new ApiError(3002, 'not an image'));
    const { result } = renderHook(() => useImageSlot());
    await act(() => result.current.choose(photo('doc')));
    expect(result.current).toMatchObject({ url: '', preview: null, percent: null });
    expect(revoked).toEqual(['blob:doc#1']);
  });

  it('cancels the upload and frees the preview when the page goes away', () => {
    let signal: AbortSignal | undefined;
    vi.mocked(uploadImage).mockImplementation((_file, given) => {
      signal = given?.signal;
      return new Promise(() => {});
    });
    const { result, unmount } = renderHook(() => useImageSlot());
    act(() => void result.current.choose(photo('front')));
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    expect(revoked).toEqual(['blob:front#1']);
  });

  it('empties on clear, so the next form starts without a picture', async () => {
    vi.mocked(uploadImage).mockResolvedValue('/api/common/upload/f.jpg');
    vi.mocked(fetchPrivateImage).mockRejectedValue(new ApiError(0, 'offline'));
    const { result } = renderHook(() => useImageSlot());
    await act(() => result.current.choose(photo('proof')));
    act(() => result.current.clear());
    expect(result.current).toMatchObject({
      url: '',
      preview: null,
      percent: null,
      uploading: false,
    });
    expect(revoked).toEqual(['blob:proof#1']);
  });
});
