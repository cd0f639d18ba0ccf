import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPrivateImage } from '../../lib/private-image.ts';
import { uploadImage } from '../../lib/upload-image.ts';
import { useObjectUrl } from './use-object-url.ts';

export interface ImageSlot {
  /** The uploaded image's url, '' until an upload succeeded. */
  url: string;
  /** Object URL to show: the chosen file while it uploads, then the server's copy. */
  preview: string | null;
  /** Upload progress in percent while uploading, otherwise null. */
  percent: number | null;
  uploading: boolean;
  choose(file: File): Promise<void>;
  /** Empties the slot (after its form was sent), cancelling an upload under way. */
  clear(): void;
}

interface Committed {
  url: string;
  blob: Blob;
}

/**
 * One image slot of the form (one upload per slot, SPEC.md §9). A refused upload puts the
 * slot back to what it held before, so replacing a good photo with a bad one loses nothing.
 */
export function useImageSlot(): ImageSlot {
  const [url, setUrl] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, showPreview] = useObjectUrl();
  const committed = useRef<Committed | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload under way (and with it the loading indicator).
  useEffect(() => () => controller.current?.abort(), []);

  const choose = useCallback(
    async (file: File) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const before = committed.current;
      showPreview(file);
      setUrl('');
      setPercent(0);
      try {
        const uploaded = await uploadImage(file, {
          signal: own.signal,
          onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
        });
        committed.current = { url: uploaded, blob: file };
        setUrl(uploaded);
        setPercent(null);
        // Then show the server's copy (re-encoded, without metadata): what the reviewer sees.
        // Until it arrives, or if it cannot be read, the local file stays on screen.
        const copy = await fetchPrivateImage(uploaded, own.signal).catch(() => null);
        if (copy && controller.current === own) {
          committed.current = { url: uploaded, blob: copy };
          showPreview(copy);
        }
      } catch {
        // Cancelled: a newer choice (or unmounting) owns the slot now.
        if (own.signal.aborted) return;
        // Refused or failed (the client toasted why): back to the previous image, if any.
        setPercent(null);
        setUrl(before?.url ?? '');
        showPreview(before?.blob ?? null);
      }
    },
    [showPreview],
  );

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    committed.current = null;
    setUrl('');
    setPercent(null);
    showPreview(null);
  }, [showPreview]);

  return { url, preview, percent, uploading: percent !== null, choose, clear };
}
