import type { User } from '@tradedesk/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface SessionState {
  token: string | null;
  user: User | null;
  signIn(token: string, user: User): void;
  setUser(user: User): void;
  clear(): void;
}

/** The logged-in user and token, kept across reloads. */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signIn: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      clear: () => set({ token: null, user: null }),
    }),
    { name: 'tradedesk.session', storage: createJSONStorage(() => localStorage) },
  ),
);

export const selectIsLoggedIn = (state: SessionState) =>
  state.token !== null && state.user !== null;
