import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Tuesday 2026-11-03 10:00 New York, weeks before the browser's own clock: a `t` the server
// stamped (its clock) is told apart from one the page made (the browser's clock).
const TUESDAY_MORNING = Date.UTC(2026, 10, 3, 15, 0);
const DAY_MS = 24 * 3600_000;

/** The layout shifts the page has had so far, summed as CLS sums them (no input in between). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            list
              .getEntries()
              .reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

describe('the first screen of a phone that has never opened the app', () => {
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

  it("paints home's quotes from index.html's preload, and asks for sparklines of rows on screen only", async () => {
    const { context, page } = await newPhone(browser);
    const tradeLists: string[] = [];
    const sparklines: string[] = [];
    const unusedPreloads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/api/forex/trade_list') tradeLists.push(url.searchParams.get('t')!);
      if (url.pathname === '/v1/api/forex/abbreviated_cache_kline') sparklines.push(url.search);
    });
    page.on('console', (message) => {
      if (message.text().includes('preloaded using link preload but not used'))
        unusedPreloads.push(message.text());
    });
    await page.goto(`${platform.baseUrl}/#/`);
    await page.waitForFunction(
      () => document.querySelectorAll('.market-row[data-code]').length >= 30,
    );
    // The first list came from the preload: stamped by the server, not by the page.
    expect(Math.abs(Number(tradeLists[0]) - Date.now())).toBeGreaterThan(DAY_MS);
    // Chromium says so when a preload goes unused, a few seconds after the load event.
    await page.waitForTimeout(4_000);
    expect(unusedPreloads).toEqual([]);
    // About ten rows are on a 844 px screen, of more than thirty.
    expect(sparklines.length).toBeGreaterThan(5);
    expect(sparklines.length).toBeLessThan(20);
    // Scrolled down the list, every row gets its own, once.
    const rows = page.locator('.market-row[data-code]');
    const count = await rows.count();
    for (let i = 0; i < count; i++) await rows.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => sparklines.length).toBe(count);
    expect(new Set(sparklines).size).toBe(count);
    expect(await layoutShift(page)).toBeLessThan(0.05);
    await context.close();
  });

  it('lays out the trade page before its chart and order form arrive: nothing moves', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${platform.baseUrl}/#/trade`);
    await page.waitForFunction(
      () =>
        Number(document.querySelector('[data-testid=candle-chart]')?.getAttribute('data-bars')) >
          0 && document.querySelector('[data-testid=order-form]') !== null,
    );
    expect(await layoutShift(page)).toBeLessThan(0.05);
    await context.close();
  });
});
