import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/** Where `text` starts on screen inside `locator` (its first occurrence): left edge, px. */
async function leftOf(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${wanted}" is not in ${element.textContent}`);
  }, text);
}

/** A phone in Hong Kong (GMT+8), the server in UTC: its times must come out in GMT+8. */
async function phoneInHongKong(browser: Browser, baseUrl: string): Promise<MobileApp> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Hong_Kong',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  return new MobileApp(page, baseUrl);
}

/** Buys 0.01 lot of EURUSD through the API with the session the app stored. */
async function buyEurusd(page: Page): Promise<void> {
  const code = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('tradedesk.session') ?? '{}').state?.token;
    const headers = { authorization: token, lang: 'en', 'content-type': 'application/json' };
    const list = await (await fetch('/v1/api/forex/trade_list?page=1', { headers })).json();
    const rows: any[] = Array.isArray(list.data) ? list.data : list.data.data;
    const eurusd = rows.find((row) => row.Code === 'EURUSD');
    const body = {
      type: 1,
      cont: '0.01',
      forex_id: eurusd.Id,
      status: 1,
      multiple: eurusd.HasForexMultiple[0]?.Value ?? 0,
    };
    const answer = await fetch('/v1/api/forex/submit', {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await answer.json()).code;
  });
  expect(code).toBe(1);
}

// Issue 25 items 10 and 11 at 390×844: Arabic keeps each sign, percent and date in reading
// order, and every time is the trader's own, labelled, except the chart's (New York, said).
describe('figures and times in the trader’s language and zone at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    // Tuesday 2026-11-03 15:00 UTC (23:00 in Hong Kong): every market is open.
    platform = await startPlatform({ at: Date.UTC(2026, 10, 3, 15, 0) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('reads signs, percents and dates left to right in Arabic, times in GMT+8, the chart in New York time', async () => {
    const app = await phoneInHongKong(browser, platform.baseUrl);
    const { page } = app;
    await app.chooseLanguage('ar');
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');

    // A change on the markets list: its sign on the left of the digits, its % on the right
    // (unisolated, Arabic text shows "-0.12%" as "0.12%-").
    const change = page.locator('.market-change').first();
    await expect.poll(() => change.textContent()).toMatch(/\d\.\d\d%/);
    const text = (await change.textContent()) ?? '';
    const digits = /\d/.exec(text)![0];
    if (/[-+]/.test(text)) {
      expect(await leftOf(change, text.includes('-') ? '-' : '+')).toBeLessThan(
        await leftOf(change, digits),
      );
    }
    expect(await leftOf(change, '%')).toBeGreaterThan(await leftOf(change, digits));
    await app.screenshot('rtl-markets-ar');

    // The chart's clock is New York's, and it says so.
    await app.open('/trade');
    await expect
      .poll(() => page.getByTestId('chart-zone-note').textContent())
      .toBe('بتوقيت نيويورك');

    // An order opened at 15:00 UTC reads 23:00 GMT+8, the date first from the left.
    await buyEurusd(page);
    await app.open('/order');
    const time = page.getByTestId('order-time').first();
    await expect.poll(() => time.textContent()).toMatch(/^\u20662026-11-03 23:0\d GMT\+8\u2069$/);
    expect(await leftOf(time, '2026')).toBeLessThan(await leftOf(time, 'GMT+8'));
    await app.screenshot('rtl-orders-ar');

    // The same in English: no "UTC", the trader's zone named.
    await app.chooseLanguage('en');
    await app.open('/order');
    await expect.poll(() => time.textContent()).toMatch(/^2026-11-03 23:0\d GMT\+8$/);
    await app.open('/trade');
    await expect
      .poll(() => page.getByTestId('chart-zone-note').textContent())
      .toBe('New York time');
  });
});
