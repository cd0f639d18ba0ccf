import { useEffect, useRef } from 'react';
import { openOverlayEntry, releaseOverlayEntry } from './back-closes-overlay.ts';

/**
 * While `open`, the phone's Back runs `close` instead of leaving the page (see
 * back-closes-overlay.ts). Call it where the overlay's open state is known: the sheet,
 * picker or dialog component itself.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    // antd-mobile's popups slide in on a spring that starts at the next frame. Closed before
    // it has moved, the spring has nothing to animate, never comes to rest, and the popup
    // stays on screen for good. A Back that quick waits until two frames have passed.
    let ready = false;
    let closeWhenReady = false;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        ready = true;
        if (closeWhenReady) closeRef.current();
      });
    });
    const id = openOverlayEntry(() => {
      if (ready) closeRef.current();
      else closeWhenReady = true;
    });
    return () => {
      cancelAnimationFrame(frame);
      releaseOverlayEntry(id);
    };
  }, [open]);
}
