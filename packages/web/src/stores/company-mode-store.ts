import { create } from 'zustand';

interface CompanyModeState {
  /** Main (company) mode, from the start-up check; undefined until it answers. */
  mainMode: boolean | undefined;
  setMainMode(mainMode: boolean): void;
}

/**
 * What the start-up check decided. Not persisted: every start asks again, so an operator's
 * switch reaches a returning visitor at once.
 */
export const useCompanyModeStore = create<CompanyModeState>()((set) => ({
  mainMode: undefined,
  setMainMode: (mainMode) => set({ mainMode }),
}));
