import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Tuesday 2026-11-03 10:00 New York: every market open.
const TUESDAY_MORNING = Date.UTC(2026, 10, 3, 15, 0);

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

  it("paints home's quotes with the page, before its code, and the app carries on from them", async () => {
    // The page alone, without its JavaScript: the quotes and the banner the server rendered.
    const bare = await newPhone(browser);
    await bare.page.route('**/*.js', (route) => route.abort());
    await bare.page.goto(`${platform.baseUrl}/#/`);
    expect(await bare.page.locator('.market-row[data-code]').count()).toBeGreaterThanOrEqual(30);
    expect(await bare.page.locator('[data-testid=home-announcement]').isVisible()).toBe(true);
    await bare.context.close();

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
    // The app's own rows: they draw the sparklines the server's could not.
    await page.waitForFunction(() => document.querySelectorAll('.sparkline path').length > 0);
    expect(await page.locator('.market-row[data-code]').count()).toBeGreaterThanOrEqual(30);
    // The app took the quotes the page carries: it asked for no list of its own.
    expect(tradeLists).toEqual([]);
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

  it("paints trade's instrument and last price with the page, for the instrument the app shows", async () => {
    const bare = await newPhone(browser);
    await bare.page.route('**/*.js', (route) => route.abort());
    // The instrument this phone chose last (the app keeps it in local storage).
    await bare.page.addInitScript(() =>
      localStorage.setItem(
        'tradedesk.instrument',
        JSON.stringify({ state: { id: 2 }, version: 0 }),
      ),
    );
    await bare.page.goto(`${platform.baseUrl}/#/trade`);
    expect(await bare.page.locator('[data-testid=trade-code]').textContent()).toBe('GBPUSD');
    expect(
      Number(await bare.page.locator('[data-testid=trade-last]').textContent()),
    ).toBeGreaterThan(0);
    await bare.context.close();
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
