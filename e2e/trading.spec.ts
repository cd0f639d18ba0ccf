import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/** A call of the API from inside the page, with the session the app stored. */
async function apiFromPage(page: Page, path: string): Promise<any> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(localStorage.getItem('tradedesk.session') ?? '{}');
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`, {
      headers: { authorization: session.state?.token ?? '', lang: 'en' },
    });
    return (await response.json()).data;
  }, path);
}

/** Closes an order through the API directly, as another device of the same user would. */
async function closeFromElsewhere(page: Page, id: number): Promise<void> {
  const answer = await page.evaluate(async (orderId) => {
    const session = JSON.parse(localStorage.getItem('tradedesk.session') ?? '{}');
    const response = await fetch('/v1/api/forex/close', {
      method: 'POST',
      headers: { authorization: session.state?.token ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ id: orderId }),
    });
    return (await response.json()).code;
  }, id);
  expect(answer).toBe(1);
}

/** A figure as Arabic text holds it: one left-to-right unit (Unicode LRI … PDI). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** Micro-USD from a wire number, exactly (the wire carries at most 6 decimals). */
const micros = (value: number) => BigInt(Math.round(value * 1e6));

describe('trading at 390×844', () => {
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

  async function openEurusd(app: MobileApp): Promise<void> {
    await app.open('/trade');
    await app.page.getByTestId('instrument-picker').click();
    await app.page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
    await expect.poll(() => app.page.getByTestId('trade-code').textContent()).toBe('EURUSD');
  }

  it('sends a visitor who tries to order to log in, and back to the trade page', async () => {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');
    await openEurusd(app);
    // Every field of the form on screen, the stop prices too, with its chart and preview.
    await page.getByTestId('order-sl-on').click();
    await page.getByTestId('order-tp-on').click();
    await page.getByTestId('order-tp').waitFor();
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('order-margin').textContent()).toMatch(/^\d/);
    // Each side with its price, each stop on its side of the bid with its P&L.
    const bid = Number(await page.getByTestId('order-sell-price').textContent());
    expect(Number(await page.getByTestId('order-buy-price').textContent())).toBeGreaterThan(bid);
    const stop = (testId: string) => page.getByTestId(testId).locator('input').inputValue();
    expect(Number(await stop('order-sl'))).toBeLessThan(bid);
    expect(Number(await stop('order-tp'))).toBeGreaterThan(bid);
    await expect.poll(() => page.getByTestId('order-tp-pnl').textContent()).toMatch(/^\+\d/);
    await page
      .getByTestId('order-form')
      .screenshot({ path: 'e2e/screenshots/trade-order-form-stops.png' });
    // Lots off the step are said under the field and left as typed, not rounded.
    const lots = page.getByTestId('order-lots').locator('input');
    await lots.fill('0.015');
    await lots.blur();
    expect(await page.getByTestId('order-lots-error').textContent()).toBe(
      'Lots must be a multiple of 0.01',
    );
    expect(await lots.inputValue()).toBe('0.015');
    await page
      .getByTestId('order-form')
      .screenshot({ path: 'e2e/screenshots/trade-order-form-lots-error.png' });
    await lots.fill('0.01');
    await expectAccessible(page, 'trade');
    await page.getByTestId('order-submit').click();
    await app.waitForRoute('/login?from=/trade');
    await page.getByTestId('try-demo').waitFor();
    await expectAccessible(page, 'login');
  });

  it('buys at market, watches live P&L, sets TP/SL, closes, and the ledger explains the balance to the cent', async () => {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');
    await openEurusd(app);

    // The preview: margin and fee of 0.01 lot at 1:100 before anything is sent.
    const form = page.getByTestId('order-form');
    await form.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('order-margin').textContent()).toMatch(/^\d+\.\d\d$/);
    await expect.poll(() => page.getByTestId('order-available').textContent()).toBe('100,000.00');
    await form.screenshot({ path: 'e2e/screenshots/trade-order-form.png' });

    // Two positions: one closed from elsewhere while its popup is open, one from the popup.
    for (const _ of [1, 2]) {
      await page.getByTestId('order-submit').click();
      await expect
        .poll(() => page.getByTestId('order-success').textContent())
        .toMatch(/^Buy 0\.01 lots EURUSD at \d\.\d{5}$/);
      await page.locator('.adm-dialog-button', { hasText: 'Continue' }).click();
      await expect.poll(() => page.locator('.adm-dialog').count()).toBe(0);
    }
    await app.open('/order');

    // Live P&L: the figures move with the market without a reload.
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(2);
    await expectAccessible(page, 'order');
    // Each card's P&L to the cent, net of the fee it paid at open.
    const profit = cards.first().getByTestId('order-profit');
    expect(await profit.textContent()).toMatch(/^[+-]?\d+\.\d\d$/);
    expect(await cards.first().textContent()).toContain('Net of fees');
    const first = await profit.textContent();
    await expect.poll(() => profit.textContent(), { timeout: 20_000 }).not.toBe(first);
    await app.screenshot('orders-holding');

    // MT5's account figures add up: equity = available balance + margin + P&L, free margin
    // = equity − margin, and the margin level is shown beside the stop-out level. (A tick may
    // fall between the reads: half a dollar of tolerance, 2.5 pips on these 0.02 lots.)
    const amount = async (testId: string) =>
      Number((await page.getByTestId(testId).textContent())!.replace(/[,%]/g, ''));
    await expect.poll(() => amount('summary-margin')).toBeGreaterThan(0);
    const margin = await amount('summary-margin');
    const equity = await amount('summary-equity');
    const pnl = await amount('summary-profit');
    expect(Math.abs(equity - ((await amount('summary-balance')) + margin + pnl))).toBeLessThan(0.5);
    expect(Math.abs((await amount('summary-free-margin')) - (equity - margin))).toBeLessThan(0.5);
    expect(await page.getByTestId('summary-margin-level').textContent()).toMatch(
      /^\d{1,3}(,\d{3})*\.\d\d%$/,
    );
    expect(await page.getByTestId('summary-stop-out').textContent()).toBe('50.00%');
    await app.open('/user');
    await expect.poll(() => page.getByTestId('account-margin-level').textContent()).toMatch(/%$/);
    await app.screenshot('user-figures');
    await app.open('/order');
    await expect.poll(() => cards.count()).toBe(2);

    // TP/SL from the detail popup, on the right sides of the current bid.
    await cards.first().click();
    const detail = page.getByTestId('order-detail');
    await expect.poll(() => detail.isVisible()).toBe(true);
    const id = Number(await detail.getAttribute('data-id'));
    const bid = Number(await detail.getByTestId('detail-update-price').textContent());
    await detail.getByTestId('detail-sl-on').click();
    await detail
      .getByTestId('detail-sl')
      .locator('input')
      .fill((bid - 0.01).toFixed(5));
    await detail.getByTestId('detail-tp-on').click();
    await detail
      .getByTestId('detail-tp')
      .locator('input')
      .fill((bid + 0.01).toFixed(5));
    await detail.getByTestId('save-stops').click();
    expect(await app.toast()).toBe('Take profit and stop loss saved');
    const holding = await apiFromPage(page, '/v1/api/forex/my_deal?status=1&page=1');
    expect(holding.data.find((o: { Id: number }) => o.Id === id)).toMatchObject({
      TargetLossPrice: Number((bid - 0.01).toFixed(5)),
      TargetProfitPrice: Number((bid + 0.01).toFixed(5)),
    });
    await app.screenshot('orders-detail');

    // Closed from another device: the closed-order event takes it out and shuts its popup.
    await closeFromElsewhere(page, id);
    await expect.poll(() => page.getByTestId('order-detail').count()).toBe(0);
    await expect.poll(() => cards.count()).toBe(1);

    // Closed whole from the close sheet, which starts at the whole position.
    await cards.first().click();
    await page.getByTestId('close-order').click();
    await page.getByTestId('close-confirm').click();
    await expect.poll(() => page.getByTestId('order-detail').count()).toBe(0);
    await expect.poll(() => cards.count()).toBe(0);

    await page.locator('.adm-tabs-tab', { hasText: 'History' }).click();
    const closed = page.getByTestId('order-card');
    await expect.poll(() => closed.count()).toBe(2);
    expect(await closed.first().textContent()).toContain('Closed');
    await app.screenshot('orders-history');

    // The ledger explains the balance: start + Σ (P&L − fee), to the micro-dollar.
    const history = await apiFromPage(page, '/v1/api/forex/my_deal?status=3&page=1');
    const balance = await apiFromPage(page, '/v1/api/main/wallet/getBalance');
    expect(micros(balance.balance)).toBe(
      history.data.reduce(
        (sum: bigint, o: { FactProfits: number; TradeFee: number }) =>
          sum + micros(o.FactProfits) - micros(o.TradeFee),
        100_000_000_000n,
      ),
    );
    await app.open('/mine/history');
    const round = ['Realized profit or loss', 'Margin returned'];
    const open = ['Trading fee', 'Margin for an order'];
    await expect
      .poll(() => page.getByTestId('ledger-memo').allTextContents())
      .toEqual([...round, ...round, ...open, ...open, 'Demo account funds']);
    const values = (await page.getByTestId('ledger-value').allTextContents()).map((v) =>
      Math.round(Number(v.replace(/[+,]/g, '')) * 100),
    );
    const cents = values.reduce((a, b) => a + b, 0);
    expect(cents).toBe(Math.round(balance.balance * 100));
    await app.open('/user');
    await expect
      .poll(() => page.getByTestId('balance-value').textContent())
      .toBe(
        balance.balance.toLocaleString('en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
      );
  });

  it('places a pending order and cancels it, the reserve coming back', async () => {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');
    await openEurusd(app);
    await page.locator('.order-mode .adm-selector-item', { hasText: 'Pending' }).click();
    await page.getByTestId('order-target').locator('input').fill('1.00000');
    // Under the ask: a Buy Limit, named so on the button with its price.
    await expect
      .poll(() => page.getByTestId('order-submit').textContent())
      .toBe('Buy Limit 1.00000');
    // A stop loss over the price of a buy is said beside its field, and has no P&L.
    await page.getByTestId('order-sl-on').click();
    await page.getByTestId('order-sl').locator('input').fill('1.00100');
    await expect
      .poll(() => page.getByTestId('order-sl-error').textContent())
      .toBe('Stop loss must be below the order price 1.00000 for a buy');
    expect(await page.getByTestId('order-sl-pnl').count()).toBe(0);
    await page.getByTestId('order-submit').click();
    expect(await app.toast()).toBe('Stop loss must be below the order price 1.00000 for a buy');
    await page
      .getByTestId('order-form')
      .screenshot({ path: 'e2e/screenshots/trade-pending-wrong-stop.png' });
    await page.getByTestId('order-sl').locator('input').fill('0.99000');
    await expect.poll(() => page.getByTestId('order-sl-error').count()).toBe(0);
    await page.getByTestId('order-sl-pnl').waitFor();
    await page.getByTestId('order-submit').click();
    await expect
      .poll(() => page.getByTestId('order-success').textContent())
      .toBe('Pending order: Buy 0.01 lots EURUSD at 1.00000');
    await page.locator('.adm-dialog-button', { hasText: 'View orders' }).click();
    await app.waitForRoute('/order');
    const card = page.getByTestId('order-card');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('order-type').textContent()).toBe('Buy Limit 0.01');
    expect(await card.getByTestId('order-card-sl').textContent()).toBe('0.99000');
    expect(await apiFromPage(page, '/v1/api/main/wallet/getBalance')).toMatchObject({
      lock_balance: expect.any(Number),
    });
    await app.screenshot('orders-pending');
    await card.click();
    await page.getByTestId('cancel-order').click();
    await page.locator('.adm-dialog-button-bold').click();
    await expect.poll(() => card.count()).toBe(0);
    expect(await apiFromPage(page, '/v1/api/main/wallet/getBalance')).toEqual({
      balance: 100000,
      lock_balance: 0,
    });
  });

  it('charges the margin the preview showed: USDJPY 1 lot at 1:50 is 2 000 USD (MT5 Forex), in Arabic', async () => {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('ar');
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');
    await app.open('/trade');
    await page.getByTestId('instrument-picker').click();
    await page.locator('.picker-row', { hasText: 'USDJPY' }).first().click();
    await expect.poll(() => page.getByTestId('trade-code').textContent()).toBe('USDJPY');
    // Forex margin is in the base currency: 1 × 100 000 / 50 = 2 000 USD, whatever the yen
    // does (the old conversion through the USDJPY bid gave 2 000.13 or so).
    await page.getByTestId('order-lots').locator('input').fill('1');
    await expect.poll(() => page.getByTestId('order-margin').textContent()).toBe(ltr('2,000.00'));
    // The fee to the cent, exact a tap away.
    await expect.poll(() => page.getByTestId('order-fee').textContent()).toBe(ltr('1.00'));
    await page.getByTestId('order-fee').locator('button').click();
    expect(await page.getByTestId('order-fee').textContent()).toBe(ltr('1.000000'));
    // Ticked stops start on their own sides of the price, each with its P&L, and the server
    // takes them as they are (both used to start at the price: "wrong side").
    await page.getByTestId('order-sl-on').click();
    await page.getByTestId('order-tp-on').click();
    await expect
      .poll(() => page.getByTestId('order-sl-pnl').textContent())
      .toMatch(/^\u2066-[\d,]+\.\d\d\u2069 USD$/);
    await expect
      .poll(() => page.getByTestId('order-tp-pnl').textContent())
      .toMatch(/^\u2066\+[\d,]+\.\d\d\u2069 USD$/);
    await page
      .getByTestId('order-form')
      .screenshot({ path: 'e2e/screenshots/trade-order-form-ar.png' });
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-success').waitFor();
    await page.locator('.adm-dialog-button', { hasText: 'متابعة' }).click();
    await expect.poll(() => page.locator('.adm-dialog').count()).toBe(0);
    const holding = await apiFromPage(page, '/v1/api/forex/my_deal?status=1&page=1');
    expect(holding.data).toHaveLength(1);
    expect(holding.data[0]).toMatchObject({ CautionMoney: 2000, TradeFee: 1 });
    const { TargetLossPrice, Price, TargetProfitPrice } = holding.data[0];
    expect(TargetLossPrice).toBeGreaterThan(0);
    expect(TargetLossPrice).toBeLessThan(Price);
    expect(TargetProfitPrice).toBeGreaterThan(Price);
    const detail = await apiFromPage(page, '/v1/api/main/account/forexDetail');
    expect(detail.current_margin).toBe(2000);
    await app.open('/order');
    await expect.poll(() => page.getByTestId('summary-margin').textContent()).toBe(ltr('2,000.00'));
    await expect.poll(() => page.getByTestId('summary-stop-out').textContent()).toBe(ltr('50.00%'));
    await app.screenshot('orders-holding-ar');
    await app.open('/user');
    await expect.poll(() => page.getByTestId('account-margin').textContent()).toBe(ltr('2,000.00'));
    await app.screenshot('user-figures-ar');
  });
});
