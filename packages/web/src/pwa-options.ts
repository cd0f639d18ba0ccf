import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * Paths the service worker must leave to the network: the API (answers are live data and
 * per-user), the WebSocket, the back office, the OpenAPI pages and the health check. A
 * navigation to them is never answered with the app shell.
 */
export const NETWORK_ONLY_PATHS: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/v1(\/|$)/,
  /^\/admin(\/|$)/,
  /^\/docs(\/|$)/,
  /^\/health(\/|$)/,
];

/**
 * The installable app (SPEC.md §7, issue 12): a generated service worker that precaches the
 * built shell and static files and opens the shell offline. It has no runtime caching at all,
 * so nothing fetched at run time (API answers above all) is ever stored or served from a
 * cache. The manifest is public/manifest.webmanifest, linked from index.html.
 */
export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  // A new build replaces the old worker at once: prices and orders must never run old code.
  registerType: 'autoUpdate',
  // Registered by app/register-service-worker.ts, which keeps a failure out of the page (the
  // plugin's registerSW.js leaves its promise unhandled).
  injectRegister: false,
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
    // Web Push (issue 41): public/push-sw.js shows a pushed message and opens its page on a tap.
    importScripts: ['push-sw.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [...NETWORK_ONLY_PATHS],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
};
