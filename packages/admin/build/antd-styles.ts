import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { ANTD_THEME } from '../src/app/theme.ts';

/**
 * antd's styles as a stylesheet file, made at build time.
 *
 * Why: antd writes its CSS at run time into <style> elements (CSS-in-JS), and the server's
 * Content-Security-Policy (`style-src 'self'`, no 'unsafe-inline') makes the browser refuse
 * them: the back office would render unstyled. So every antd component is rendered once here,
 * in Node, with the app's theme (src/app/theme.ts); @ant-design/cssinjs collects the CSS they
 * register, and it reaches the page as an ordinary stylesheet (`import 'virtual:antd.css'` in
 * src/main.tsx, which Vite emits as a hashed .css file behind a <link>). In the browser antd
 * runs in zero-runtime mode and generates nothing (src/app/providers.tsx).
 *
 * Every component and sub-component is rendered, not only those the app uses today, as antd
 * does for its own dist/antd.css: a component used tomorrow is styled without touching this
 * file. That costs about 110 kB of gzipped CSS, fetched once and cached.
 */

const VIRTUAL_ID = 'virtual:antd.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Exports of antd that are no components or render nothing worth styling on their own, and
 * parts that render broken CSS outside their parent (Form.ErrorList, with no prefix: the
 * minifier then fails the build); their styles come with the parent's.
 */
const SKIPPED = new Set([
  'ConfigProvider',
  'Grid',
  'theme',
  'version',
  'unstableSetRender',
  'Form.ErrorList',
]);

/**
 * Components whose styles only register in some state (an open popup, with a child or an
 * item), or whose plain render is deprecated; antd's own style build renders them the same
 * way. `_InternalPanelDoNotUseOrYouWillBeFired` is the static panel antd exports for this.
 */
const SPECIAL: Record<string, () => ReactNode> = {
  Affix: () => createElement(antd.Affix, null, createElement('div')),
  BackTop: () => createElement(antd.FloatButton.BackTop),
  Dropdown: () => createElement(antd.Dropdown, { menu: { items: [] } }, createElement('div')),
  Menu: () => createElement(antd.Menu, { items: [] }),
  QRCode: () => createElement(antd.QRCode, { value: 'https://example.com' }),
  Tree: () => createElement(antd.Tree, { treeData: [] }),
  Tag: () => [
    createElement(antd.Tag, { key: 'preset', color: 'blue' }, 'tag'),
    createElement(antd.Tag, { key: 'status', color: 'success' }, 'tag'),
  ],
  Modal: () => {
    const Panel = antd.Modal._InternalPanelDoNotUseOrYouWillBeFired;
    return [
      createElement(antd.Modal, { key: 'modal' }),
      createElement(Panel, { key: 'panel' }),
      createElement(Panel, { key: 'confirm', type: 'confirm' }),
    ];
  },
  message: () => createElement(antd.message._InternalPanelDoNotUseOrYouWillBeFired),
  notification: () => createElement(antd.notification._InternalPanelDoNotUseOrYouWillBeFired),
};

type Renderable = Parameters<typeof createElement>[0];

function isComponent(value: unknown): value is Renderable {
  return (
    typeof value === 'function' ||
    (typeof value === 'object' && value !== null && '$$typeof' in value)
  );
}

/** What to render: each component, and each of its sub-components (Layout.Sider, Input.OTP…). */
function samples(): ReactNode[] {
  const exports = antd as unknown as Record<string, unknown>;
  return Object.keys(exports)
    .filter((name) => !SKIPPED.has(name))
    .filter((name) => /^[A-Z]/.test(name) || name in SPECIAL)
    .flatMap((name) => {
      const special = SPECIAL[name];
      if (special) return [special()];
      const component = exports[name];
      if (!isComponent(component)) return [];
      const parts = Object.entries(component as object)
        .filter(([key, part]) => /^[A-Z]/.test(key) && isComponent(part))
        .filter(([key]) => !SKIPPED.has(`${name}.${key}`))
        .map(([key, part]) => createElement(part as Renderable, { key: `${name}.${key}` }));
      return [createElement(component, { key: name }), ...parts];
    });
}

/** The CSS of every antd component under the app's theme, plain (no <style> wrapper). */
export function renderAntdStyles(): string {
  const cache = createCache();
  // Rendered bare, deprecated and parent-less parts make antd's development build warn
  // ("Form.Item outside a Form"): expected here, and kept out of the dev server's output.
  const { error, warn } = console;
  const quiet =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (!String(args[0]).startsWith('Warning:')) log(...args);
    };
  console.error = quiet(error);
  console.warn = quiet(warn);
  try {
    for (const sample of samples()) {
      // One render each: a part that only works inside its parent (Form.Item, Select.Option)
      // fails alone without losing the others; its styles come with the parent's.
      try {
        renderToString(
          createElement(
            StyleProvider,
            { cache },
            createElement(antd.ConfigProvider, { theme: ANTD_THEME }, sample),
          ),
        );
      } catch {}
    }
  } finally {
    console.error = error;
    console.warn = warn;
  }
  // style: the components; token and cssVar: the design tokens as CSS variables. The file
  // also records which styles it holds, so cssinjs in the browser never writes them again.
  return extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] });
}

/** Serves `virtual:antd.css`, rendered once per Vite process (dev server or build). */
export function antdStyles(): Plugin {
  let css: string | undefined;
  return {
    name: 'tradedesk:antd-styles',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      css ??= renderAntdStyles();
      return css;
    },
  };
}
