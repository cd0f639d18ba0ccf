import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { swapModule } from './swap-module.ts';

/**
 * antd's auto-sizing text areas (the news editor's summary and content) measure their text in
 * a hidden <textarea> in <body>, which @rc-component/input styles with
 * `setAttribute('style', …)`. The Content-Security-Policy (`style-src 'self'`) refuses that
 * attribute: a violation on every keystroke, and the measuring box, left unstyled, shows as a
 * stray text area under the page. The build swaps that one module for
 * ./shims/calculate-node-height.ts, which sets the same style through the CSSOM.
 *
 * Build only, like csp-safe-scrollbar.ts: the build fails if the module is no longer where
 * this expects it, so a dependency upgrade cannot drop the swap silently.
 */
export function cspSafeTextarea(): Plugin {
  return swapModule({
    name: 'tradedesk:csp-safe-textarea',
    importer: /[\\/]@rc-component[\\/]input[\\/]es[\\/]/,
    original: /(^|[\\/])calculateNodeHeight(\.js)?$/,
    shim: fileURLToPath(new URL('./shims/calculate-node-height.ts', import.meta.url)),
    missing:
      '@rc-component/input/es/calculateNodeHeight was not found: check build/csp-safe-textarea.ts',
  });
}
