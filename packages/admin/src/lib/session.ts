import { useSyncExternalStore } from 'react';

/**
 * The operator's token, kept in sessionStorage: it lives as long as the tab, is not shared
 * with other tabs, and is gone when the browser closes — a back-office session should not
 * outlive the person sitting in front of it.
 */
const TOKEN_KEY = 'tradedesk.admin.token';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearToken(): void {
  if (getToken() === null) return;
  sessionStorage.removeItem(TOKEN_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token, re-rendering when the operator logs in or out (or the server ends the session). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken);
}
