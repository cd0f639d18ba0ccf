import { useEffect } from 'react';
import { api } from '../lib/api-client.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * At start, a stored session is checked once: the user is refreshed, or cleared quietly
 * if the token died (an init request: no redirect, no toast).
 */
export function useSessionRefresh(): void {
  useEffect(() => {
    if (!useSessionStore.getState().token) return;
    api('userInfo', undefined, { init: true, silent: true })
      .then((user) => useSessionStore.getState().setUser(user))
      .catch(() => {});
  }, []);
}
