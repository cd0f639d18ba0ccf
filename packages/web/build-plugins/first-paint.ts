import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The stylesheets Vite links in <head>, moved to the end of <body>. In <head> they hold up
 * the first paint until they arrive; after the page's content they do not, so the splash
 * (styled by the small boot.css that stays in <head>) paints as soon as the HTML is read.
 * The app's module script still waits for them: a script never runs before the stylesheets
 * the parser has met.
 */
export function moveStylesheetsIntoBody(html: string): string {
  const links = html.match(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+"[^>]*>\s*/g) ?? [];
  if (links.length === 0) return html;
  let moved = html;
  for (const link of links) moved = moved.replace(link, '');
  const tags = links.map((link) => `\n    ${link.trim()}`).join('');
  return moved.replace(/\s*<\/body>/, `${tags}\n  </body>`);
}

/**
 * The chunks of `modules` (ids ending so) and what they import statically, as
 * `<link rel="modulepreload">` tags marked with `language`. Throws when a module is not a
 * chunk of its own, so that a renamed locale fails the build instead of dropping the preload.
 */
export function modulePreloadTags(
  bundle: OutputBundle,
  modules: readonly string[],
  language: string,
): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const files = new Set<string>();
  const add = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = chunks.find((c) => c.fileName === imported);
      if (next) add(next);
    }
  };
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`preload: no chunk is built from ${module}`);
    add(chunk);
  }
  return [...files].map((file) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-language': language },
    injectTo: 'head',
  }));
}

/**
 * What index.html needs to paint early and render its first screen without a second round of
 * downloads: stylesheets after the splash, and the default language's texts (the app's and
 * antd-mobile's, which the app imports only once its own code has run) preloaded beside the
 * app's code. Readers of another language fetch theirs as before; these few KB are theirs to
 * spare, as with index.html's preloaded calls.
 */
export function firstPaint(options: {
  language: string;
  localeModules: readonly string[];
}): Plugin {
  return {
    name: 'tradedesk-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const preloads = modulePreloadTags(
          context.bundle,
          options.localeModules,
          options.language,
        ).filter((tag) => !html.includes(`href="${String(tag.attrs?.href)}"`));
        return { html: moveStylesheetsIntoBody(html), tags: preloads };
      },
    },
  };
}
