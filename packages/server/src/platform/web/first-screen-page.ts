import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_LANGUAGE,
  FIRST_SCREEN_DATA_ID,
  type FirstScreen,
  type FirstScreenInput,
  NEWS_CATEGORIES,
  ROUTES,
} from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Where the page marks the first screen's place, before #root (packages/web/index.html): its
 * templates and data stay in the page when the chosen screen replaces #root's splash.
 */
export const FIRST_SCREEN_MARK = '<!--first-screen-->';

/** The web build's server module (packages/web/src/first-screen/render-first-screen.tsx). */
interface FirstScreenRenderer {
  renderFirstScreen(input: FirstScreenInput): FirstScreen;
}

/** What the page carries: the screens as inert templates, the data they show, its language. */
export interface FirstScreenParts {
  html: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/**
 * How long one rendering serves page after page. The app shows live quotes within a second
 * of starting (it refreshes a list older than 3 s), and a render costs ~50 ms of this
 * thread: at most one per this interval, whatever the traffic.
 */
const FRESH_MS = 2_000;

/** The build's server module beside the app's dist (`vite.ssr.config.ts`), when built. */
export async function loadFirstScreenRenderer(
  webDist: string,
): Promise<FirstScreenRenderer | undefined> {
  const file = path.join(webDist, '..', 'dist-ssr', 'render-first-screen.js');
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as FirstScreenRenderer;
}

/** JSON inside <script>: `<` escaped, so that no text in it (a news title) can close the tag. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The first screens of a page in the default language — the one a phone that has never
 * opened the app reads (i18n/stored-language.ts) — rendered from the answers of the calls the
 * app would make, asked of this server itself as the browser would ask them. A page whose
 * reader chose another language, or is on another screen, keeps the splash (the page's own
 * script decides: only it can read the reader's storage and the address after #).
 */
export function createFirstScreenPage(
  app: FastifyInstance,
  renderer: FirstScreenRenderer,
  now: () => number,
) {
  const language = DEFAULT_LANGUAGE;
  let cached: { at: number; parts: FirstScreenParts } | undefined;
  let rendering: Promise<FirstScreenParts | undefined> | undefined;

  async function answer<T>(url: string): Promise<T> {
    const reply = await app.inject({ method: 'GET', url, headers: { lang: language } });
    const body = reply.json() as { code: number; data: T };
    if (reply.statusCode !== 200 || body.code !== 1) throw new Error(`${url}: ${reply.body}`);
    return body.data;
  }

  async function render(): Promise<FirstScreenParts> {
    const t = now();
    const [tradeList, categories, announcements] = await Promise.all([
      answer<FirstScreenInput['tradeList']>(`${ROUTES.tradeList.path}?t=${t}`),
      answer<FirstScreenInput['categories']>(`${ROUTES.categories.path}?t=${t}`),
      answer<FirstScreenInput['announcements']>(
        `${ROUTES.newsList.path}?category_id=${NEWS_CATEGORIES.announcement}&page=1&t=${t}`,
      ),
    ]);
    const data: FirstScreenInput = { language, tradeList, categories, announcements };
    const screen = renderer.renderFirstScreen(data);
    const trades = screen.trades
      .map(
        (trade) =>
          `<template data-first-screen="trade" data-id="${trade.id}" data-code="${escapeAttribute(trade.code)}">${trade.html}</template>`,
      )
      .join('');
    const html =
      `<template data-first-screen="home" data-first-screen-language="${language}">${screen.home}</template>` +
      `<template data-first-screen="trade-shell">${screen.tradeShell}</template>` +
      trades +
      `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(data)}</script>`;
    return { html, lang: screen.lang, dir: screen.dir };
  }

  /** Starts a rendering unless one runs; a failed one leaves the last good parts in place. */
  function refresh(): Promise<FirstScreenParts | undefined> {
    rendering ??= render()
      .then((parts) => {
        cached = { at: now(), parts };
        return parts;
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'first screen: not rendered');
        return cached?.parts;
      })
      .finally(() => {
        rendering = undefined;
      });
    return rendering;
  }

  return {
    /**
     * The parts for a page now: the last rendering while it is fresh; an older one is sent as
     * it is while the next renders, so that no page waits for a render but the very first.
     */
    async parts(): Promise<FirstScreenParts | undefined> {
      if (!cached) return refresh();
      if (now() - cached.at > FRESH_MS) void refresh();
      return cached.parts;
    },
  };
}

export type FirstScreenPage = ReturnType<typeof createFirstScreenPage>;
