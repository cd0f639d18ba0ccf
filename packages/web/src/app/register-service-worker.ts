import { afterFirstScreen } from '../lib/after-first-screen.ts';

/**
 * Registers the generated service worker (vite-plugin-pwa, see src/pwa-options.ts) once the
 * first screen is painted, so that its downloads never compete with it. A failed registration (a
 * deploy replacing files at that moment, a browser that refuses) only loses offline start:
 * it is logged, never thrown into the page. The dev server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  afterFirstScreen(() => void register());
}
