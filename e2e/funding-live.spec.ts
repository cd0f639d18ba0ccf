import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, desktopScreenshot, newDesktop, ownerToken } from './support/back-office.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson, registeredTrader } from './support/traders.ts';

const FINANCE = { email: 'live-cashier@example.com', password: 'cashier-pass' };
const TRADER_PASSWORD = 'journey-pass';
/** A TRON address (Base58Check, version 0x41): the server refuses one that is not. */
const PAYOUT_ADDRESS = 'TZ3NJooRsmxvLVMRjU9huorDEAzRBEKkmi';

/**
 * Text as read, without the bidi isolation marks Arabic puts around figures and with the
 * no-break space that holds an amount to its unit as a space.
 */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\u00a0/g, ' ')
    .trim();

/**
 * Issue 37 item 6: the withdrawal page said "Paid" only after a reload, and the desk's
 * decisions reached the trader by e-mail only. Here the trader keeps /mine/withdraw open on a
 * phone while finance pays at the desk: the record turns to Paid, a toast says so, and the
 * bell and the notice list have it — no reload.
 */
describe('the desk pays; the open withdrawal page shows it (390×844, desk 1280×800)', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let desk: Page;
  let finance: string;

  beforeAll(async () => {
    // Tuesday 2026-11-03 10:00 New York; no cooling-off for a new address.
    platform = await startPlatform({
      at: Date.UTC(2026, 10, 3, 15, 0),
      env: { WITHDRAW_COOLING_HOURS: '0' },
    });
    browser = await launchBrowser();
    const owner = await ownerToken(platform.baseUrl, platform.dataDir);
    const added = await postJson(
      platform,
      '/admin/api/operators',
      { ...FINANCE, role: 'finance' },
      owner,
    );
    expect(added.code).toBe(1);
    const login = await postJson(platform, '/admin/api/login', {
      account: FINANCE.email,
      password: FINANCE.password,
    });
    expect(login.code).toBe(1);
    finance = login.data.token;
    desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, FINANCE.email, FINANCE.password);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  /** A call of the trader's API, as the app makes it. */
  async function traderCall(token: string, method: 'GET' | 'POST', path: string, body?: object) {
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method,
      headers: {
        authorization: token,
        lang: 'en',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json();
  }

  /**
   * What is not the journey, through the API: 300 USDT deposited with a proof and credited by
   * finance, an address bound, 100 USD withdrawn and approved. Answers the withdrawal's id.
   */
  async function approvedWithdrawal(email: string): Promise<number> {
    const session = await postJson(platform, '/api/user/loginForU', {
      account: email,
      password: TRADER_PASSWORD,
    });
    const token: string = session.data.token;
    const networks = await traderCall(token, 'GET', '/api/quickCharge/info');
    const proof = await sharp({
      create: { width: 480, height: 720, channels: 3, background: '#cfe3d6' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'p.png');
    const upload = await (
      await fetch(`${platform.baseUrl}/api/common/image_upload`, {
        method: 'POST',
        headers: { authorization: token, lang: 'en' },
        body: form,
      })
    ).json();
    const deposit = await traderCall(token, 'POST', '/api/quickCharge/submit', {
      number: '300',
      proofImg: upload.data.url,
      address: networks.data[0].address,
      charge_id: networks.data[0].id,
    });
    expect(deposit.code).toBe(1);
    const credited = await postJson(
      platform,
      `/admin/api/deposits/${deposit.data.id}/approve`,
      {},
      finance,
    );
    expect(credited.code).toBe(1);

    const currencies = await traderCall(token, 'GET', '/api/account/draw_symbol_list?type=1');
    const usdt = currencies.data.find(
      (c: { code: string; protocol: string }) => c.code === 'USDT' && c.protocol === 'TRC20',
    );
    const bound = await traderCall(token, 'POST', '/api/wallet/bind_draw_method', {
      type: 1,
      draw_id: usdt.id,
      dc_address: PAYOUT_ADDRESS,
    });
    expect(bound.code).toBe(1);
    const held = await traderCall(token, 'POST', '/api/account/draw', {
      draw_currency_id: usdt.id,
      number: '100',
      draw_method_id: bound.data.id,
      password: TRADER_PASSWORD,
    });
    expect(held.code).toBe(1);
    const approved = await postJson(
      platform,
      `/admin/api/withdrawals/${held.data.id}/approve`,
      {},
      finance,
    );
    expect(approved.code).toBe(1);
    return held.data.id;
  }

  /** The first withdrawal record's status, as the open page shows it now. */
  const statusOf = (app: MobileApp) =>
    app.page.getByTestId('withdraw-record').first().getByTestId('withdraw-status').innerText();

  /** The toast of the payment of withdrawal `id`. */
  const paidToast = (app: MobileApp, id: number) =>
    app.page.locator(`[data-testid="funding-notice-toast"][data-key="withdrawal:${id}:paid"]`);

  /** Nothing reloaded the page: the marker planted before the decision is still there. */
  const plantMarker = (app: MobileApp) =>
    app.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
  const notReloaded = (app: MobileApp) =>
    app.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

  it('finance marks it paid at the desk: Paid and a toast on the phone, then the notice list (en)', async () => {
    const email = 'live-paid@example.com';
    const app = await registeredTrader(browser, platform, email, 'en', TRADER_PASSWORD);
    const id = await approvedWithdrawal(email);
    await app.open('/mine/withdraw');
    await expect.poll(() => statusOf(app)).toBe('Approved, transfer in progress');
    await plantMarker(app);

    // At the desk: the approved queue, the trader's row, paid with the transfer's reference.
    await desk.goto(`${platform.baseUrl}/admin/withdrawals`);
    await desk.getByText('Approved, to pay').click();
    const row = desk.getByTestId('withdrawal-row').filter({ hasText: email });
    await row.first().getByTestId('withdrawal-open').click();
    await desk.getByTestId('withdrawal-paid').click();
    await desk.getByTestId('withdrawal-reference').fill('TRX-LIVE-1');
    await desk.getByTestId('withdrawal-confirm').click();
    await expect.poll(() => row.count()).toBe(0);

    // On the phone, without a reload (the credit's and the approval's toasts came before).
    const toast = paidToast(app, id);
    await toast.waitFor({ timeout: 10_000 });
    expect(plain(await toast.innerText())).toBe(
      'Withdrawal of 100.00 USD paid\nPayment reference: TRX-LIVE-1',
    );
    await expect.poll(() => statusOf(app)).toBe('Paid');
    expect(await app.page.getByTestId('withdraw-notes').first().innerText()).toContain(
      'TRX-LIVE-1',
    );
    expect(await notReloaded(app)).toBe(true);
    await app.screenshot('funding-live-paid-en');
    await desktopScreenshot(desk, 'funding-live-desk-paid');

    // The bell (on /user) counts the decisions that came while the app was open (the credit
    // and the approval too); the list has them, the payment first.
    await app.open('/user');
    const notices = app.page.getByTestId('funding-notice');
    const unread = await app.page.getByTestId('notice-unread').textContent();
    await app.page.getByTestId('notice-bell').click();
    await app.waitForRoute('/mine/notices');
    await expect.poll(() => notices.count()).toBeGreaterThan(0);
    expect(String(await notices.count())).toBe(unread);
    expect(await notices.first().getAttribute('data-key')).toBe(`withdrawal:${id}:paid`);
    expect(plain(await notices.first().innerText())).toContain('Withdrawal of 100.00 USD paid');
    await app.page.waitForTimeout(5_500); // the toasts gone, for the list's picture
    await app.screenshot('funding-live-notices-en');
  });

  it('says it in Arabic, the figures left to right (ar)', async () => {
    const email = 'live-paid-ar@example.com';
    const app = await registeredTrader(browser, platform, email, 'ar', TRADER_PASSWORD);
    const id = await approvedWithdrawal(email);
    await app.open('/mine/withdraw');
    await expect.poll(() => statusOf(app)).toBe('تمت الموافقة، التحويل قيد التنفيذ');
    await plantMarker(app);
    const paid = await postJson(
      platform,
      `/admin/api/withdrawals/${id}/paid`,
      { reference: 'TRX-LIVE-2' },
      finance,
    );
    expect(paid.code).toBe(1);

    const toast = paidToast(app, id);
    await toast.waitFor({ timeout: 10_000 });
    expect(plain(await toast.innerText())).toBe('تم دفع سحب 100.00 USD\nمرجع الدفع: TRX-LIVE-2');
    await expect.poll(() => statusOf(app)).toBe('تم الدفع');
    expect(await notReloaded(app)).toBe(true);
    await app.screenshot('funding-live-paid-ar');
  });
});
