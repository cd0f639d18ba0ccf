import type { FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_MARK, type FirstScreenPage } from './first-screen-page.ts';

/**
 * The token index.html carries where a call it preloads needs the `t` timestamp every GET
 * sends (SPEC.md §7): `<link rel="preload" as="fetch" href="/v1/api/forex/trade_list?t=…">`.
 * The browser starts those calls while it downloads the JavaScript; the client adopts them
 * (web lib/preloaded-calls.ts).
 */
export const REQUEST_TIME_TOKEN = '__REQUEST_TIME__';

/** The preloads of the calls whose answers the first screen carries (marked in index.html). */
const INLINED_PRELOADS =
  /\s*<link [^>]*data-first-screen-data[^>]*>|\s*<template [^>]*data-first-screen-data[^>]*>[\s\S]*?<\/template>/g;

/**
 * The app's code: its module scripts and the preloads of what they import (not those kept
 * for one language's readers in `<template data-language>`, which the code itself picks).
 */
const APP_SCRIPTS =
  /\s*<script type="module"[^>]*src="\/assets\/[^"]+"[^>]*><\/script>|\s*<link rel="modulepreload"(?![^>]*data-language)[^>]*>/g;

/** The app's stylesheets, which the build links at the end of <body> (web build-plugins). */
const APP_STYLESHEETS = /\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g;

/**
 * The page with the first screen in it (issue 39): the rendered screens go where index.html
 * marks them; the calls they answer are no longer preloaded; the app's stylesheets move into
 * <head>, so that the screen paints styled as it will stay (after <body>'s content they do not
 * hold the paint, and the screen would paint bare, then move); and the app's code waits in a
 * template that index.html's script starts once the screen is painted. Asked for at once, the
 * code's 150 KB shared a phone's link with the page and its stylesheets, and its evaluation
 * came before the first paint: the screen the HTML carries painted after the JavaScript
 * anyway. (The stylesheets of lazy-loaded pages are not in <head>: none is on a first screen.)
 */
export function withFirstScreen(
  page: string,
  parts: { html: string; lang: string; dir: string },
): string {
  if (!page.includes(FIRST_SCREEN_MARK)) return page;
  const stylesheets = page.match(APP_STYLESHEETS) ?? [];
  const scripts = page.match(APP_SCRIPTS) ?? [];
  let html = page
    .replace(INLINED_PRELOADS, '')
    .replace(APP_STYLESHEETS, '')
    .replace(APP_SCRIPTS, '');
  const later = `\n    <template data-after-first-paint>${scripts.join('')}\n    </template>`;
  html = html.replace('</head>', `${stylesheets.join('')}${later}\n  </head>`);
  html = html.replace(/<html lang="[^"]*"/, `<html lang="${parts.lang}" dir="${parts.dir}"`);
  return html.replace(FIRST_SCREEN_MARK, () => parts.html);
}

/**
 * Sends the app's index.html with this request's time in its preloads and, when the web
 * build rendered it, the first screen in it; never cached (a new build must reach users at
 * once). Compressed like every answer (http/compression.ts).
 */
export function appPageHandler(template: string, now: () => number, firstScreen?: FirstScreenPage) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const parts = await firstScreen?.parts();
    const page = template.replaceAll(REQUEST_TIME_TOKEN, String(now()));
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(parts ? withFirstScreen(page, parts) : page);
  };
}
