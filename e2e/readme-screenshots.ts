/**
 * Retakes the README's screenshots (docs/screenshots/<screen>-<language>.png) at 390×844 in
 * Traditional Chinese, English and Arabic, from the built app on a fresh platform, as a demo
 * trader with two open positions would see it. Run with `npm run screenshots` after
 * `npm run build`; look at every picture before committing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MobileApp } from './support/mobile-browser.ts';
import { startPlatform } from './support/platform.ts';

const OUT = path.resolve('docs/screenshots');
const LANGUAGES = ['hk', 'en', 'ar'] as const;

/** A phone at 1× density: the README shows them 200 px wide, so 2× would only weigh more. */
async function phone(browser: Browser, baseUrl: string): Promise<MobileApp> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return new MobileApp(await context.newPage(), baseUrl);
}

async function shoot(page: Page, screen: string, language: string): Promise<void> {
  // Toasts and the connection banner's first moments are not what the README is about.
  await page.locator('.adm-toast-main').waitFor({ state: 'hidden' });
  // Nor a drawer caught halfway out (spinners and shimmers run forever: not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `${screen}-${language}.png`) });
  process.stdout.write(`docs/screenshots/${screen}-${language}.png\n`);
}

async function tour(browser: Browser, baseUrl: string, language: string): Promise<void> {
  const app = await phone(browser, baseUrl);
  const { page } = app;
  // hk is the default language: nothing to choose.
  if (language !== 'hk') await app.chooseLanguage(language);
  await app.open('/login');
  await page.getByTestId('try-demo').waitFor();
  await shoot(page, 'login', language);
  await page.getByTestId('try-demo').click();
  await app.waitForRoute('/');
  await page.locator('[data-testid=market-list] .market-row[data-code]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shoot(page, 'home', language);

  await app.open('/trade');
  await page.getByTestId('instrument-picker').click();
  await page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
  await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
  await shoot(page, 'trade', language);
  await page.getByTestId('order-sl-on').click();
  await page.getByTestId('order-tp-on').click();
  await page.getByTestId('order-form').scrollIntoViewIfNeeded();
  await page.getByTestId('order-tp-pnl').waitFor();
  await shoot(page, 'order-form', language);
  for (const _ of [1, 2]) {
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-success').waitFor();
    await page.locator('.adm-dialog-footer .adm-dialog-button').first().click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
  }

  await app.open('/order');
  await page.getByTestId('order-card').nth(1).waitFor();
  await shoot(page, 'orders', language);
  await page.getByTestId('order-card').first().click();
  await page.getByTestId('order-detail').waitFor();
  await shoot(page, 'order-detail', language);

  await app.open('/user');
  await page.getByTestId('account-margin-level').waitFor();
  await shoot(page, 'user', language);
  await page.context().close();
}

fs.mkdirSync(OUT, { recursive: true });
// A weekday at 10:00 New York: every market is open.
const platform = await startPlatform({ at: Date.UTC(2026, 10, 3, 15, 0) });
const browser = await launchBrowser();
try {
  for (const language of LANGUAGES) await tour(browser, platform.baseUrl, language);
} finally {
  await browser.close();
  await platform.stop();
}
