import { create } from 'zustand';
import type { AlertNotice } from '../lib/alert-notices.ts';

interface LiveAlertNoticesState {
  /** Firings pushed while the app is open, newest first. */
  notices: readonly AlertNotice[];
  add(notice: AlertNotice): void;
  clear(): void;
}

/**
 * ALERT's firings of this session (the logged-in user's only: cleared on logout). The list of
 * alerts keeps only each alert's last firing, and not the price that crossed: these do.
 */
export const useLiveAlertNotices = create<LiveAlertNoticesState>()((set) => ({
  notices: [],
  add: (notice) =>
    set((state) => ({
      notices: [notice, ...state.notices.filter((n) => n.key !== notice.key)],
    })),
  clear: () => set({ notices: [] }),
}));
