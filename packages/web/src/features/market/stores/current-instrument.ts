import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The instrument the trade page shows; tapping a row on home sets it. */
export const useCurrentInstrument = create<{ id: number | undefined; select(id: number): void }>()(
  persist((set) => ({ id: undefined, select: (id) => set({ id }) }), {
    name: 'tradedesk.instrument',
  }),
);
