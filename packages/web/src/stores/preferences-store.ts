import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Display preferences kept on this device. */
export const usePreferences = create<{ hideBalance: boolean; toggleBalance(): void }>()(
  persist(
    (set) => ({
      hideBalance: false,
      toggleBalance: () => set((s) => ({ hideBalance: !s.hideBalance })),
    }),
    {
      name: 'tradedesk.preferences',
    },
  ),
);
