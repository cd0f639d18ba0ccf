import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Tuesday 2026-11-03 10:00 New York: forex, metals, US stocks and crypto all trade.
const TUESDAY_MORNING = Date.UTC(2026, 10, 3, 15, 0);

describe('market journeys at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let app: MobileApp;

  beforeAll(async () => {
    platform = await startPlatform({ at: TUESDAY_MORNING });
    browser = await launchBrowser();
    const { page } = await newPhone(browser);
    app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const prices = () => app.page.getByTestId('market-list').getByTestId('price').allTextContents();

  it('shows at least 30 quote rows whose prices move within seconds', async () => {
    await app.open('/');
    await expect
      .poll(async () => (await prices()).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(30);
    const before = await prices();
    await expect
      .poll(async () => (await prices()).filter((price, i) => price !== before[i]).length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(10);
    await expectAccessible(app.page, 'home');
    await app.screenshot('market-home');
  });

  it('filters by category chip and shows everything again on a second tap', async () => {
    await app.open('/');
    const crypto = app.page.locator('.chip', { hasText: 'Crypto' });
    await crypto.click();
    const codes = () =>
      app.page
        .locator('[data-testid=market-list] .market-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    await expect.poll(codes).toEqual(['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD', 'LTCUSD', 'DOGEUSD']);
    await crypto.click();
    await expect.poll(async () => (await codes()).length).toBeGreaterThanOrEqual(30);
  });

  it('finds BTC by search and opens it on the trade page with a chart', async () => {
    await app.open('/');
    await app.page.locator('a[href="#/product"]').click();
    await app.waitForRoute('/product');
    await app.page.locator('.product-search input').fill('BTC');
    const result = app.page.locator('[data-testid=search-results] .market-row');
    await expect
      .poll(() => result.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code'))))
      .toEqual(['BTCUSD']);
    await result.first().click();
    await app.waitForRoute('/trade');
    await expect.poll(() => app.page.getByTestId('trade-code').textContent()).toBe('BTCUSD');
    const chart = app.page.getByTestId('candle-chart');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-bars')))
      .toBeGreaterThanOrEqual(300);
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await expectAccessible(app.page, 'trade');
    await app.screenshot('market-trade-btc');
  });

  it('swaps the candles with the period bar', async () => {
    const chart = app.page.getByTestId('candle-chart');
    const first15 = Number(await chart.getAttribute('data-first'));
    await app.page.locator('[data-period="1day"]').click();
    // 300+ day candles reach back far further than 300+ fifteen-minute ones.
    await expect
      .poll(async () => Number(await chart.getAttribute('data-first')))
      .toBeLessThan(first15 - 200 * 86_400);
    await app.page.locator('[data-period="1min"]').click();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-first')))
      .toBeGreaterThan(first15);
  });

  it('switches instrument with the picker drawer', async () => {
    await app.page.getByTestId('instrument-picker').click();
    await app.page.locator('.picker-row[data-code="ETHUSD"]').click();
    await expect.poll(() => app.page.getByTestId('trade-code').textContent()).toBe('ETHUSD');
    const last = await app.page.getByTestId('trade-last').textContent();
    expect(Number(last)).toBeGreaterThan(1000);
    await app.screenshot('market-trade-eth');
  });

  it('keeps the trade page as it was when coming back from home', async () => {
    await app.page.locator('.adm-tab-bar-item').first().click();
    await app.waitForRoute('/');
    await app.page.locator('.adm-tab-bar-item').nth(1).click();
    await app.waitForRoute('/trade');
    expect(await app.page.getByTestId('trade-code').textContent()).toBe('ETHUSD');
    expect(await app.page.locator('.period.active').getAttribute('data-period')).toBe('1min');
  });
});
