import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Tuesday 2026-11-03 10:00 New York: every market trades, quotes move.
const TUESDAY_MORNING = Date.UTC(2026, 10, 3, 15, 0);

describe('a lost connection at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let app: MobileApp;

  beforeAll(async () => {
    platform = await startPlatform({ at: TUESDAY_MORNING });
    browser = await launchBrowser();
    const phone = await newPhone(browser);
    context = phone.context;
    app = new MobileApp(phone.page, platform.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const prices = () => app.page.getByTestId('market-list').getByTestId('price').allTextContents();
  const banner = () => app.page.getByTestId('connection-banner');

  /** The home list, live: 30 rows or more whose prices have moved. */
  async function liveHome(): Promise<void> {
    await app.open('/');
    await expect
      .poll(async () => (await prices()).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(30);
    await expectPricesMoving();
  }

  async function expectPricesMoving(): Promise<void> {
    const before = await prices();
    await expect
      .poll(async () => (await prices()).filter((price, i) => price !== before[i]).length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(5);
  }

  for (const [lang, offline, back, asOf] of [
    ['en', "You're offline", 'Back online', 'Prices as of'],
    ['ar', 'أنت غير متصل بالإنترنت', 'عاد الاتصال', 'الأسعار حتى'],
  ] as const) {
    it(`says so offline, keeps the last prices with their time, and goes live again (${lang})`, async () => {
      await app.chooseLanguage(lang);
      await liveHome();
      expect(await banner().count()).toBe(0);

      await context.setOffline(true);
      await expect.poll(() => banner().getAttribute('data-phase')).toBe('offline');
      expect(await banner().innerText()).toContain(offline);
      const age = await app.page.getByTestId('connection-age').innerText();
      // Labelled with its zone as every other time is (one left-to-right unit in Arabic).
      expect(age).toMatch(new RegExp(`^${asOf} \u2066?\\d\\d:\\d\\d:\\d\\d GMT[+-]\\d+\u2069?$`));
      // The prices stay on screen, as they were when the connection went.
      const frozen = await prices();
      expect(frozen.length).toBeGreaterThanOrEqual(30);
      await app.page.waitForTimeout(1_500);
      expect(await prices()).toEqual(frozen);
      await app.screenshot(`connection-offline-${lang}`);

      await context.setOffline(false);
      await expect.poll(() => banner().getAttribute('data-phase')).toBe('back');
      expect(await banner().innerText()).toBe(back);
      await expectPricesMoving();
      await expect.poll(() => banner().count(), { timeout: 5_000 }).toBe(0);
    });
  }
});
