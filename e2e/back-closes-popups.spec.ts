import { ROUTES } from '@tradedesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeader } from './support/leader.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { demoPhone, loggedInPhone, postJson } from './support/traders.ts';

/**
 * The phone's Back closes the topmost sheet, picker or dialog and stays on the page; the next
 * Back leaves the page (issue 37: each of these left the page instead).
 */
const PAYOUT_ADDRESS = 'TZ3NJooRsmxvLVMRjU9huorDEAzRBEKkmi';

/** The phone's Back button (a history step back, as Android's Back does in a browser or PWA). */
async function pressBack(page: Page): Promise<void> {
  await page.evaluate(() => window.history.back());
}

/** A footer tab by its place: quotes, trade, orders, ranking, mine. */
const TAB = { trade: 1, order: 2, user: 4 } as const;
async function tab(page: Page, which: keyof typeof TAB): Promise<void> {
  await page.locator('.footer-tabs .adm-tab-bar-item').nth(TAB[which]).click();
}

async function visible(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().isVisible();
}

describe('Back closes what it opened, at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    // Tuesday 2026-11-03 10:00 New York: every market is open. New addresses usable at once.
    platform = await startPlatform({
      at: Date.UTC(2026, 10, 3, 15, 0),
      env: { WITHDRAW_COOLING_HOURS: '0' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('closes the area-code list on /register, then leaves for /login', async () => {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');
    await app.open('/login');
    await page.locator('a[href="#/register"]').click();
    await app.waitForRoute('/register');
    await page.locator('.adm-tabs-tab', { hasText: 'Mobile' }).click();
    await page.locator('.area-select').click();
    await page.locator('.area-popup').waitFor();

    await pressBack(page);
    await expect.poll(() => visible(page, '.area-popup')).toBe(false);
    expect(app.route()).toBe('/register');
    // A tap-closed list (a pick) leaves no step behind: one Back leaves the page.
    await page.locator('.area-select').click();
    await page.locator('.area-list .adm-list-item').first().click();
    await expect.poll(() => visible(page, '.area-popup')).toBe(false);
    await pressBack(page);
    await app.waitForRoute('/login');
  });

  it('closes the instrument picker, the "Order placed" dialog and the position sheet, each before its page', async () => {
    const app = await demoPhone(browser, platform, 'en');
    const { page } = app;
    await tab(page, 'trade');
    await app.waitForRoute('/trade');

    await page.getByTestId('instrument-picker').click();
    await page.locator('.picker').waitFor();
    await pressBack(page);
    await expect.poll(() => visible(page, '.picker')).toBe(false);
    expect(app.route()).toBe('/trade');

    await page.getByTestId('instrument-picker').click();
    await page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
    await expect.poll(() => page.getByTestId('trade-code').textContent()).toBe('EURUSD');
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-success').waitFor();
    await pressBack(page);
    await expect.poll(() => page.locator('.adm-dialog').count()).toBe(0);
    expect(app.route()).toBe('/trade');
    await page.getByTestId('trade-code').waitFor();
    // Its "View orders" goes to /order, though the dialog's entry steps back at the same time;
    // Back from there returns to the form in one step.
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-success').waitFor();
    await page.locator('.adm-dialog-button', { hasText: 'View orders' }).click();
    await app.waitForRoute('/order');
    await page.getByTestId('order-card').first().waitFor();
    await page.waitForTimeout(300);
    expect(app.route()).toBe('/order');
    await pressBack(page);
    await app.waitForRoute('/trade');
    await page.getByTestId('order-submit').waitFor();

    // From /user to /order by the footer: Back closes the sheet, then goes to /user.
    await tab(page, 'user');
    await app.waitForRoute('/user');
    await tab(page, 'order');
    await app.waitForRoute('/order');
    await page.getByTestId('order-card').first().click();
    await page.getByTestId('order-detail').waitFor();
    await pressBack(page);
    await expect.poll(() => visible(page, '[data-testid="order-detail"]')).toBe(false);
    expect(app.route()).toBe('/order');

    // The close sheet over the detail closes first, then the detail, then the page is left.
    await page.getByTestId('order-card').first().click();
    await page.getByTestId('close-order').click();
    await page.getByTestId('close-sheet').waitFor();
    await pressBack(page);
    await expect.poll(() => visible(page, '[data-testid="close-sheet"]')).toBe(false);
    expect(await visible(page, '[data-testid="order-detail"]')).toBe(true);
    await pressBack(page);
    await expect.poll(() => visible(page, '[data-testid="order-detail"]')).toBe(false);
    expect(app.route()).toBe('/order');
    await pressBack(page);
    await app.waitForRoute('/user');
  });

  it('closes the withdrawal confirmation and stays on /mine/withdraw, where it opens again', async () => {
    const trader = await createLeader(
      platform,
      { email: 'back-withdraw@example.com', password: 'journey-pass' },
      { email: 'back-finance@example.com', password: 'finance-pass-123' },
    );
    const bound = await postJson(
      platform,
      ROUTES.bindDrawMethod.path,
      { type: 1, draw_id: 1, dc_address: PAYOUT_ADDRESS },
      trader.token,
    );
    expect(bound.code).toBe(1);
    const app = await loggedInPhone(
      browser,
      platform,
      'back-withdraw@example.com',
      'journey-pass',
      'ar',
    );
    const { page } = app;
    await tab(page, 'user');
    await app.waitForRoute('/user');
    await app.open('/mine/withdraw');
    await page.getByTestId('withdraw-method').first().click();
    await page.getByTestId('withdraw-amount').locator('input').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').waitFor();

    await pressBack(page);
    await expect.poll(() => page.getByTestId('withdraw-confirm').count()).toBe(0);
    expect(app.route()).toBe('/mine/withdraw');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').waitFor();
    await app.screenshot('back-withdraw-confirm-reopened-ar');
  });
});
