import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { plain } from './support/page-api.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import type { SteeredMarket } from './support/steered-market.ts';
import { demoPhone } from './support/traders.ts';

/** Pictures of the alert sheet, list and chart line, looked at by a person (gitignored). */
const SHOTS = path.resolve('.tmp/shots');

/** Once no toast is on screen and the bottom sheets have slid up: a still picture. */
async function still(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const sheets = [
      ...document.querySelectorAll<HTMLElement>('.adm-popup-body-position-bottom'),
    ].filter((sheet) => sheet.checkVisibility());
    return (
      !document.querySelector('.adm-toast-main') &&
      sheets.every((sheet) => /,\s*0%\)/.test(sheet.style.transform))
    );
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await still(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function openEurusd(app: MobileApp): Promise<void> {
  await app.open('/trade');
  await app.page.getByTestId('instrument-picker').click();
  await app.page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
  await expect.poll(() => app.page.getByTestId('trade-code').textContent()).toBe('EURUSD');
}

/** Tuesday 2026-11-03 10:00 New York: every market is open. */
const START = Date.UTC(2026, 10, 3, 15, 0);

describe('price alerts at 390×844', () => {
  let platform: RunningPlatform;
  let market: SteeredMarket;
  let browser: Browser;
  let startedAt = 0;

  async function phone(language: string): Promise<MobileApp> {
    const app = await demoPhone(browser, platform, language);
    await app.page.clock.setSystemTime(START + (Date.now() - startedAt));
    return app;
  }

  beforeAll(async () => {
    startedAt = Date.now();
    platform = await startPlatform({ at: START, steered: true });
    market = platform.market!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const TOASTS = {
    en: 'EURUSD Bid Above 1.08600 — now 1.08620',
    ar: 'EURUSD سعر البيع أعلى من 1.08600 — الآن 1.08620',
  } as const;

  it.each(['en', 'ar'] as const)(
    'sets an alert from the trade page, sees its line, and is told when the bid crosses it (%s)',
    async (language) => {
      market.setBid('EURUSD', 1.085);
      const app = await phone(language);
      const { page } = app;
      await openEurusd(app);

      // The bell's sheet starts on the bid now; the level is typed: Bid above 1.08600.
      await page.getByTestId('alert-action').click();
      const sheet = page.getByTestId('alert-sheet');
      await sheet.waitFor();
      const price = sheet.getByTestId('alert-price').locator('input');
      expect(await price.inputValue()).toBe('1.08500');
      await price.fill('1.08600');
      await sheet.getByTestId('alert-note').locator('input').fill('breakout');
      await shoot(page, `alerts-create-${language}`);
      await sheet.getByTestId('alert-save').click();
      const row = sheet.getByTestId('alert-row');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.first().getAttribute('data-status')).toBe('armed');
      await shoot(page, `alerts-list-${language}`);

      // Closed: the level is a line across the chart.
      await page.locator('.alert-sheet .adm-popup-close-icon').first().click();
      await expect.poll(() => page.getByTestId('alert-sheet').count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('candle-chart').getAttribute('data-lines'))
        .toBe('1.086');
      await shoot(page, `alerts-chart-${language}`);

      // A tap on the chart's price scale opens the sheet at the price tapped.
      const chart = (await page.getByTestId('candle-chart').boundingBox())!;
      await page.mouse.click(chart.x + chart.width - 10, chart.y + chart.height * 0.4);
      const tapped = page.getByTestId('alert-sheet');
      await tapped.waitFor();
      const level = await tapped.getByTestId('alert-price').locator('input').inputValue();
      expect(level).toMatch(/^1\.\d{5}$/);
      await shoot(page, `alerts-tap-${language}`);
      await page.locator('.alert-sheet .adm-popup-close-icon').first().click();
      await expect.poll(() => page.getByTestId('alert-sheet').count()).toBe(0);

      // The bid crosses it: a toast, wherever the trader is.
      market.setBid('EURUSD', 1.0862);
      const toast = page.getByTestId('alert-toast');
      await toast.waitFor();
      expect(plain(await toast.locator('strong').textContent())).toBe(TOASTS[language]);

      // Fired once: off the chart, fired in the list of all alerts.
      await expect.poll(() => page.getByTestId('candle-chart').getAttribute('data-lines')).toBe('');
      await app.open('/mine/alerts');
      const mine = page.getByTestId('alerts-page').getByTestId('alert-row');
      await expect.poll(() => mine.first().getAttribute('data-status')).toBe('fired');
      await shoot(page, `alerts-mine-${language}`);
      await page.context().close();
    },
  );
});
