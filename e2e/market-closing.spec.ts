import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Monday 2026-11-02 15:59:40 New York (EST): US stocks close twenty seconds after the start.
const JUST_BEFORE_THE_CLOSE = Date.UTC(2026, 10, 2, 20, 59, 40);

// A page left open across 16:00 follows the market without a reload: AAPL turns Closed, and
// Buy gives way to when it reopens, in the trader's language.
describe('a US stock closing while its trade page is open, at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform({ at: JUST_BEFORE_THE_CLOSE });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it.each([
    // The reopen time carries its zone, as every other time does.
    ['en', 'Closed', /^Closed · opens Tue \d\d:\d\d GMT[+-]\d+$/, true],
    ['ar', 'مغلق', /^مغلق · يفتح .+ \u2066GMT[+-]\d+\u2069$/, false],
  ])('turns AAPL Closed with the reopen time in %s', async (language, closed, reopens, open) => {
    const { context, page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage(language);
    await app.open('/');
    await page.locator('[data-testid=market-list] .market-row[data-code="AAPL"]').click();
    await app.waitForRoute('/trade');
    await expect.poll(() => page.getByTestId('trade-code').textContent()).toBe('AAPL');
    const submit = page.getByTestId('order-submit');
    // The first case opens the page before the close and watches it happen; the second
    // starts after it, and the list loaded on entering /trade says so.
    if (open) expect(await submit.textContent()).toMatch(/^Buy \d/);
    await expect
      .poll(() => submit.textContent(), { timeout: 30_000, interval: 250 })
      .toMatch(reopens);
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('.trade-header .adm-tag').textContent()).toBe(closed);
    await app.screenshot(`market-closed-trade-${language}`);
    await context.close();
  });
});
