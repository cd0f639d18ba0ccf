import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One object URL at a time for an <img>: setting a new blob (or null) revokes the previous
 * URL, and so does unmounting, so previews never leak their bytes.
 */
export function useObjectUrl(): [url: string | null, show: (blob: Blob | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  const show = useCallback((blob: Blob | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = blob ? URL.createObjectURL(blob) : null;
    setUrl(current.current);
  }, []);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );

  return [url, show];
}
