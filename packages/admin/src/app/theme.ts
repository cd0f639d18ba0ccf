import type { ThemeConfig } from 'antd';

/**
 * The one antd theme of the back office, read twice: by build/antd-styles.ts, which renders
 * every antd component with it at build time and writes their CSS to a stylesheet, and by the
 * app at run time, which only puts the matching class names on elements (zero-runtime mode).
 * Both must see the same values, or the classes would miss the stylesheet.
 *
 * - `hashed: false`: no per-build hash class, so the stylesheet's selectors are stable.
 * - `cssVar.key`: the class carrying the design tokens as CSS variables; left unset it would
 *   come from React's useId and differ between the build-time render and the browser.
 */
export const ANTD_THEME = {
  hashed: false,
  cssVar: { key: 'tradedesk-admin' },
  token: {
    colorPrimary: '#1f5eff',
    borderRadius: 6,
  },
} as const satisfies ThemeConfig;
