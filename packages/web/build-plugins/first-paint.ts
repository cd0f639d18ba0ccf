import path from 'node:path';
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

/** `chunk` and every chunk it imports statically, each once, in the order met. */
function staticClosure(
  chunks: readonly OutputChunk[],
  chunk: OutputChunk,
  files = new Set<string>(),
) {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = chunks.find((c) => c.fileName === imported);
    if (next) staticClosure(chunks, next, files);
  }
  return files;
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
}

/** The chunk built from `module` (its id ends so); throws when there is none. */
function chunkBuiltFrom(chunks: readonly OutputChunk[], module: string): OutputChunk {
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
  if (!chunk) throw new Error(`preload: no chunk is built from ${module}`);
  return chunk;
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
  const chunks = chunksOf(bundle);
  const files = new Set<string>();
  for (const module of modules) staticClosure(chunks, chunkBuiltFrom(chunks, module), files);
  return [...files].map((file) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-language': language },
    injectTo: 'head',
  }));
}

/**
 * One inert `<template data-language>` per language holding its texts' module preloads
 * (those `html` does not preload already); i18n/preload-language.ts puts its reader's into
 * <head>. index.html may hold more templates of a language (calls answered in it).
 */
export function languageTemplates(
  bundle: OutputBundle,
  localeModules: Readonly<Record<string, readonly string[]>>,
  html: string,
): HtmlTagDescriptor[] {
  return Object.entries(localeModules).map(([language, modules]) => ({
    tag: 'template',
    attrs: { 'data-language': language },
    children: modulePreloadTags(bundle, modules, language).filter(
      (tag) => !html.includes(`href="${String(tag.attrs?.href)}"`),
    ),
    injectTo: 'head',
  }));
}

/**
 * The script that picks the reader's templates (built from `picker`), placed before the app's
 * own: module scripts run in document order, so the texts are asked for before the app runs,
 * and preloads of what it imports that `html` lacks. Throws when the page has no module script.
 */
export function withPicker(html: string, bundle: OutputBundle, picker: string): string {
  const chunks = chunksOf(bundle);
  const [script, ...imports] = staticClosure(chunks, chunkBuiltFrom(chunks, picker));
  const tags = [
    `<script type="module" crossorigin src="/${script}"></script>`,
    ...imports
      .filter((file) => !html.includes(`href="/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const entry = html.indexOf('<script type="module"');
  if (entry < 0) throw new Error('preload: the page has no module script to run before');
  return `${html.slice(0, entry)}${tags.join('\n    ')}\n    ${html.slice(entry)}`;
}

/**
 * What index.html needs to paint early and render its first screen without a second round of
 * downloads: stylesheets after the splash, and its reader's language — the app's texts and
 * antd-mobile's, which the app imports only once its own code has run — preloaded beside the
 * app's code. Every language's preloads are in the page, inert; `picker` (a module built as a
 * script of its own) activates the reader's, so no one downloads texts they do not read.
 */
export function firstPaint(options: {
  picker: string;
  localeModules: Readonly<Record<string, readonly string[]>>;
}): Plugin {
  let pickerId = options.picker;
  return {
    name: 'tradedesk-first-paint',
    apply: 'build',
    configResolved(config) {
      pickerId = path.resolve(config.root, options.picker);
    },
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: pickerId,
        name: 'preload-language',
        preserveSignature: false,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const page = withPicker(html, context.bundle, options.picker);
        return {
          html: moveStylesheetsIntoBody(page),
          tags: languageTemplates(context.bundle, options.localeModules, page),
        };
      },
    },
  };
}
