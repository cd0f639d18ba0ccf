import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of an overlay (drawer, dialog) that closes whenever the address changes.
 * Overlays render into <body>, outside the page: without this, one left open stays on top
 * of the next page, and the trade page, kept mounted while hidden, would keep its drawer over
 * whatever page follows. The phone's Back is the overlay's own business (useBackCloses, in
 * the overlay component): it closes the overlay without the address changing.
 */
export function useOpenUntilNavigation(): [open: boolean, setOpen: (open: boolean) => void] {
  const { key } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(key);
  // Adjusted during render (React's "state from a previous render" pattern), so the overlay
  // never paints one frame over the next page.
  if (openedAt !== key) {
    setOpenedAt(key);
    if (open) setOpen(false);
  }
  return [open, setOpen];
}
