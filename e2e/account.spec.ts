import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

describe('balance and account history at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows a demo balance, hides it, resets the demo account and explains it in the history', async () => {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');
    await app.open('/user');
    const value = page.getByTestId('balance-value');
    await expect.poll(() => value.textContent()).toBe('100,000.00');
    await page.locator('.balance-toggle').click();
    expect(await value.textContent()).toBe('******');
    // The choice is remembered across a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('balance-value').textContent()).toBe('******');
    await page.locator('.balance-toggle').click();
    await expect.poll(() => value.textContent()).toBe('100,000.00');

    await page.getByTestId('reset-demo').click();
    expect(await page.locator('.adm-dialog-content').textContent()).toContain('starting balance');
    await page.locator('.adm-dialog-button-bold').click();
    expect(await app.toast()).toBe('Demo account reset');

    await page.locator('.adm-list-item', { hasText: 'Account history' }).click();
    await app.waitForRoute('/mine/history');
    const memos = page.getByTestId('ledger-memo');
    await expect
      .poll(() => memos.allTextContents())
      .toEqual(['Demo account reset', 'Demo account funds']);
    expect(await page.getByTestId('ledger-value').allTextContents()).toEqual([
      '0.00',
      '+100,000.00',
    ]);
    await app.screenshot('account-history');
  });
});
