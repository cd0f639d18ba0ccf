import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Tuesday 2026-11-03 10:00 New York: every market trades, so home fills with quotes.
const TUESDAY_MORNING = Date.UTC(2026, 10, 3, 15, 0);

/** The app's texts and antd-mobile's for each language read here, as the build names their chunks. */
const TEXT_CHUNKS = {
  hk: ['hk', 'zh-HK'],
  en: ['en', 'en-US'],
  ar: ['ar', 'ar-SA'],
} as const;
type Reader = keyof typeof TEXT_CHUNKS;

/** The chunk names among `names` that `path` is (a built chunk is `/assets/<name>-<8-char hash>.js`). */
function chunkOf(path: string, names: readonly string[]): string | undefined {
  return names.find((name) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(path));
}

/** What one first load asked for and what Chromium said about its preloads. */
function watchLoad(page: Page) {
  const paths: string[] = [];
  const unusedPreloads: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used'))
      unusedPreloads.push(message.text());
  });
  return { paths, unusedPreloads };
}

/**
 * What the page preloaded: the modules its <link rel="modulepreload"> name (Chromium reports
 * them with the same initiator as the app's own imports) and the calls a <link rel="preload">
 * fetched (lib/preloaded-calls.ts removes a link once the app has taken its answer).
 */
function preloadsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
    ...performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link')
      .map((entry) => new URL(entry.name).pathname),
  ]);
}

describe("a first load preloads its reader's language only", () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform({ at: TUESDAY_MORNING });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  async function firstLoad(reader: Reader) {
    const { context, page } = await newPhone(browser);
    // A reader who chose the language on an earlier visit (the app keeps it in local storage);
    // hk is also what a phone that has never chosen reads.
    if (reader !== 'hk')
      await context.addInitScript((code) => localStorage.setItem('tradedesk.lang', code), reader);
    const load = watchLoad(page);
    await page.goto(`${platform.baseUrl}/#/`);
    await page.waitForFunction(
      () => document.querySelectorAll('.market-row[data-code]').length > 0,
    );
    // Chromium reports an unused preload a few seconds after the load event.
    await page.waitForTimeout(4_000);
    const preloaded = await preloadsOf(page);
    await context.close();
    return { ...load, preloaded };
  }

  for (const reader of ['en', 'ar'] as const) {
    it(`${reader}: fetches no Traditional Chinese texts and leaves no preload unused`, async () => {
      const { paths, unusedPreloads, preloaded } = await firstLoad(reader);
      expect(paths.filter((path) => chunkOf(path, TEXT_CHUNKS.hk))).toEqual([]);
      expect(unusedPreloads).toEqual([]);
      // Its own texts are preloaded beside the app's code instead of asked for after it ran.
      const own = preloaded.map((path) => chunkOf(path, TEXT_CHUNKS[reader])).filter(Boolean);
      expect(own.sort()).toEqual([...TEXT_CHUNKS[reader]].sort());
    });
  }

  it('hk (the default language): its texts are preloaded, its calls come with the page, and all are used', async () => {
    const { paths, unusedPreloads, preloaded } = await firstLoad('hk');
    const own = preloaded.map((path) => chunkOf(path, TEXT_CHUNKS.hk)).filter(Boolean);
    expect(own.sort()).toEqual([...TEXT_CHUNKS.hk].sort());
    // The server rendered home's first screen from them and put their answers in the page
    // (issue 39): the app asks for none of them.
    for (const call of [
      '/v1/api/forex/trade_list',
      '/v1/api/forex/getCategories',
      '/api/news/list',
    ])
      expect(paths).not.toContain(call);
    expect(unusedPreloads).toEqual([]);
    expect(paths.filter((path) => chunkOf(path, [...TEXT_CHUNKS.en, ...TEXT_CHUNKS.ar]))).toEqual(
      [],
    );
  });
});
