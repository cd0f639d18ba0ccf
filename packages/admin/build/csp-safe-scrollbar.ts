import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { swapModule } from './swap-module.ts';

/**
 * antd's tables (rc-table) measure the scrollbar on every mount, and @rc-component/util does
 * it by inserting a <style> into <head>. The Content-Security-Policy (`style-src 'self'`)
 * refuses it: a violation per table, reported in the console, for a value it then measures
 * anyway. The build swaps that one module for ./shims/get-scroll-bar-size.ts.
 *
 * Build only: the dev server sends no Content-Security-Policy. The build fails if the module
 * is no longer where this expects it, so a dependency upgrade cannot drop the swap silently.
 */
export function cspSafeScrollbar(): Plugin {
  return swapModule({
    name: 'tradedesk:csp-safe-scrollbar',
    importer: /[\\/]@rc-component[\\/]util[\\/]es[\\/]/,
    original: /(^|[\\/])getScrollBarSize(\.js)?$/,
    shim: fileURLToPath(new URL('./shims/get-scroll-bar-size.ts', import.meta.url)),
    missing:
      '@rc-component/util/es/getScrollBarSize was not found: check build/csp-safe-scrollbar.ts',
  });
}
