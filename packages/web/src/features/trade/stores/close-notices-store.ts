import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CloseNotice } from '../lib/close-notices.ts';

interface LiveNoticesState {
  /** Closes pushed while the app is open, before history's reload lists them. */
  notices: CloseNotice[];
  add(notice: CloseNotice): void;
  clear(): void;
}

/** FOREX_CLOSED's automatic closes of this session (the logged-in user's only: cleared on logout). */
export const useLiveNotices = create<LiveNoticesState>()((set) => ({
  notices: [],
  add: (notice) =>
    set((state) => ({
      notices: [notice, ...state.notices.filter((n) => n.id !== notice.id)],
    })),
  clear: () => set({ notices: [] }),
}));

interface SeenState {
  /** Per user id: the newest close (epoch ms) the list showed when it was last opened. */
  seen: Record<string, number>;
  markSeen(userId: number, at: number): void;
}

/**
 * When each user last opened the list of closes, kept on the device: unread is what closed
 * after it. A close time, the server's, not the phone's clock (which may be off).
 */
export const useNoticesSeen = create<SeenState>()(
  persist(
    (set) => ({
      seen: {},
      markSeen: (userId, at) =>
        set((state) =>
          (state.seen[userId] ?? 0) >= at ? state : { seen: { ...state.seen, [userId]: at } },
        ),
    }),
    { name: 'tradedesk.notices-seen', storage: createJSONStorage(() => localStorage) },
  ),
);
