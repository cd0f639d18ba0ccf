import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { callFromPage, plain } from './support/page-api.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/**
 * A take profit one point above the bid of the trader's open EURUSD buy, so that the simulated
 * market reaches it within seconds; should the bid fall away from it, the take profit follows
 * it down (a random walk may wander off for a minute), until the position is closed.
 */
async function takeProfitAtNextPoint(page: Page): Promise<void> {
  const holding = async () =>
    (await callFromPage(page, '/v1/api/forex/my_deal?status=1&page=1')).data.data[0];
  // Bought at the ask, the position starts a spread down: a take profit a point above the bid
  // then closes it at a small loss. Give the market a while to carry it into profit first, so
  // that the pictures show a take profit taking a profit; the journey goes on either way.
  const patience = Date.now() + 5_000;
  while (Date.now() < patience && (await holding())?.FactProfits <= 0)
    await page.waitForTimeout(250);
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const order = await holding();
    if (!order) return;
    const next = Number((order.UpdatePrice + 0.00001).toFixed(5));
    if (order.TargetProfitPrice === 0 || order.TargetProfitPrice > next + 0.000005) {
      // Refused when the bid moved past it meanwhile: the next round tries again.
      await callFromPage(page, '/v1/api/forex/set_stop_price', {
        id: order.Id,
        target_profit_price: next.toFixed(5),
        stop_loss_price: 0,
      });
    }
    await page.waitForTimeout(500);
  }
  throw new Error('the take profit did not fire in a minute');
}

describe('notices of automatic closes at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    // Tuesday 2026-11-03 10:00 New York: every market is open.
    platform = await startPlatform({ at: Date.UTC(2026, 10, 3, 15, 0) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const TEXTS = {
    en: { toast: /^Take profit closed EURUSD Buy 0\.01 at 1\.\d{5} · [+-]?\d+\.\d\d USD$/ },
    hk: { toast: /^止賺已平倉 EURUSD 買入 0\.01 手，價格 1\.\d{5} · [+-]?\d+\.\d\d USD$/ },
    ar: { toast: /^أغلق جني الأرباح مركز EURUSD شراء 0\.01 عند 1\.\d{5} · [+-]?\d+\.\d\d USD$/ },
  } as const;

  // English and Arabic on screen (left to right, right to left); the hk wording, like every
  // language's, is held by close-notices.test.ts, and one journey less keeps CI in its time.
  it.each(['en', 'ar'] as const)(
    'a take profit that fires toasts its P&L, and the bell and the list show it (%s)',
    async (language) => {
      const { page } = await newPhone(browser);
      const app = new MobileApp(page, platform.baseUrl);
      await app.chooseLanguage(language);
      await app.open('/login');
      await page.getByTestId('try-demo').click();
      await app.waitForRoute('/');
      await app.open('/trade');
      await page.getByTestId('instrument-picker').click();
      await page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
      await expect.poll(() => page.getByTestId('trade-code').textContent()).toBe('EURUSD');

      // A buy of 0.01 lot from the form, then its take profit a point above the bid.
      await page.getByTestId('order-submit').click();
      await expect.poll(() => page.getByTestId('order-success').count()).toBe(1);
      await page.locator('.adm-dialog-button-bold').click();
      await app.waitForRoute('/order');
      await expect.poll(() => page.getByTestId('order-card').count()).toBe(1);
      expect(await page.getByTestId('notice-unread').count()).toBe(0);
      await takeProfitAtNextPoint(page);

      // The market reaches it: the position goes, a toast says what closed it, with the P&L.
      const toast = page.getByTestId('close-notice-toast');
      await toast.waitFor({ timeout: 5_000 });
      const toastText = plain(await toast.innerText());
      expect(toastText).toMatch(TEXTS[language].toast);
      await app.screenshot(`notices-toast-${language}`);
      await expect.poll(() => page.getByTestId('order-card').count()).toBe(0);
      const history = await callFromPage(page, '/v1/api/forex/my_deal?status=3&page=1');
      const closed = history.data.data[0];
      expect(closed.CloseReason).toBe('take-profit');
      // As the app writes money: to the cent, signed when not zero (a close at the price it
      // opened shows 0.00, never -0.00).
      const cents = Math.round(closed.FactProfits * 100) / 100;
      const pnl = `${cents > 0 ? '+' : ''}${cents === 0 ? '0.00' : cents.toFixed(2)} USD`;
      expect(toastText.endsWith(pnl)).toBe(true);

      // The bell counts it at once; the list shows it with its P&L, and opening it reads it.
      await expect.poll(() => page.getByTestId('notice-unread').textContent()).toBe('1');
      await page.getByTestId('notice-bell').click();
      await app.waitForRoute('/mine/notices');
      const rows = page.getByTestId('close-notice');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-id')).toBe(String(closed.Id));
      expect(plain(await rows.first().getByTestId('close-notice-pnl').textContent())).toBe(pnl);
      expect(plain(await rows.first().getByTestId('close-notice-price').textContent())).toBe(
        closed.ClosePrice.toFixed(5),
      );
      await page.waitForTimeout(5_500); // the toast gone, for the list's picture
      await app.screenshot(`notices-${language}`);

      // Read: back on /order the bell has no count; after a reload (history, not the socket)
      // the list still has the close.
      await app.open('/order');
      await expect.poll(() => page.getByTestId('notice-bell').count()).toBe(1);
      expect(await page.getByTestId('notice-unread').count()).toBe(0);
      await app.open('/user');
      const userBell = page.getByTestId('account-card').getByTestId('notice-bell');
      await userBell.waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('notice-unread').count()).toBe(0);
      await app.screenshot(`notices-user-${language}`);
      // Reloaded, the app comes up on /user first: a trader taps on once it is there.
      await page.reload();
      await userBell.waitFor({ timeout: 10_000 });
      await app.open('/mine/notices');
      await app.waitForRoute('/mine/notices');
      await expect
        .poll(() => rows.count(), { timeout: 10_000, message: `the list on ${app.route()}` })
        .toBe(1);
      await page.context().close();
    },
    150_000,
  );
});
