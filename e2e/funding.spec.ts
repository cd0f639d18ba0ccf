import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, desktopScreenshot, newDesktop, ownerToken } from './support/back-office.ts';
import { launchBrowser, type MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson, registeredTrader } from './support/traders.ts';

/** A screenshot of a transfer as a phone would send it: a real PNG. */
async function transferProof(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 480, height: 720, channels: 3, background: '#cfe3d6' },
  })
    .png()
    .toBuffer();
  return { name: 'transfer.png', mimeType: 'image/png', buffer };
}

const FINANCE = { email: 'cashier@example.com', password: 'cashier-pass' };
/** A TRON address (Base58Check, version 0x41): the server refuses one that is not. */
const PAYOUT_ADDRESS = 'TZ3NJooRsmxvLVMRjU9huorDEAzRBEKkmi';

// The cashier end to end: a trader deposits USDT with a proof on a phone, finance approves it
// in the back office, the balance and the ledger show it; the trader binds an address,
// withdraws with the fee and receive amount shown, finance approves and marks it paid, the
// timeline shows it paid. No cooling-off here (WITHDRAW_COOLING_HOURS=0): it is an API test.
describe('funding journeys: trader at 390×844, finance at 1280×800', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    platform = await startPlatform({ env: { WITHDRAW_COOLING_HOURS: '0' } });
    browser = await launchBrowser();
    const owner = await ownerToken(platform.baseUrl, platform.dataDir);
    const added = await postJson(
      platform,
      '/admin/api/operators',
      { ...FINANCE, role: 'finance' },
      owner,
    );
    expect(added.code).toBe(1);
    desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, FINANCE.email, FINANCE.password);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  /** Finance opens the row of a trader in a queue and waits for the review. */
  async function review(kind: 'deposit' | 'withdrawal', traderEmail: string): Promise<void> {
    // As a reviewer opens the queue: freshly loaded, and loaded again if the row is not in yet.
    const row = desk.getByTestId(`${kind}-row`).filter({ hasText: traderEmail }).first();
    for (let attempt = 1; ; attempt++) {
      await desk.goto(`${platform.baseUrl}/admin/${kind}s`);
      try {
        await row.getByTestId(`${kind}-open`).click({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 3) {
          await desktopScreenshot(desk, `funding-admin-${kind}-missing`);
          throw error;
        }
      }
    }
    await desk.getByTestId(`${kind}-review`).waitFor();
  }

  /** A USDT deposit reported through the API with a real proof, in a session of its own. */
  async function depositByApi(email: string, number: string): Promise<void> {
    const session = await postJson(platform, '/api/user/loginForU', {
      account: email,
      password: 'journey-pass',
    });
    const token: string = session.data.token;
    const headers = { authorization: token, lang: 'en' };
    const networks = await (
      await fetch(`${platform.baseUrl}/api/quickCharge/info`, { headers })
    ).json();
    const form = new FormData();
    const proof = new Uint8Array((await transferProof()).buffer);
    form.append('file', new Blob([proof], { type: 'image/png' }), 'p.png');
    const upload = await (
      await fetch(`${platform.baseUrl}/api/common/image_upload`, {
        method: 'POST',
        headers,
        body: form,
      })
    ).json();
    const deposit = await postJson(
      platform,
      '/api/quickCharge/submit',
      {
        number,
        proofImg: upload.data.url,
        address: networks.data[0].address,
        charge_id: networks.data[0].id,
      },
      token,
    );
    expect(deposit.code).toBe(1);
  }

  /** Finance approves the trader's deposit at the desk. */
  async function approveAtDesk(email: string): Promise<void> {
    await review('deposit', email);
    await desk.getByTestId('deposit-approve').click();
    await desk.getByTestId('deposit-confirm').click();
    await expect
      .poll(() => desk.getByTestId('deposit-row').filter({ hasText: email }).count())
      .toBe(0);
  }

  async function openProgress(app: MobileApp, record: string): Promise<string[]> {
    const card = app.page.getByTestId(record).first();
    await card.getByTestId('record-progress').click();
    await expect.poll(() => card.getByTestId('timeline-step').count()).toBeGreaterThan(1);
    return card.getByTestId('timeline-step').allInnerTexts();
  }

  it('deposits USDT with a proof; finance credits it; the balance and the ledger show it', async () => {
    const app = await registeredTrader(browser, platform, 'depositor@example.com', 'en');
    await app.open('/user');
    await app.page.getByTestId('menu-charge').click();
    await app.waitForRoute('/mine/charge');
    // The first network is USDT on TRC20: its address with a QR code.
    await app.page.getByTestId('charge-address').waitFor();
    await expect.poll(() => app.page.getByTestId('charge-qr').count()).toBe(1);
    await app.page.getByTestId('charge-amount').locator('input').fill('250');
    await app.page.getByTestId('charge-proof').setInputFiles(await transferProof());
    await expect.poll(() => app.page.locator('img.id-slot-preview').count()).toBe(1);
    // The upload's loading indicator has closed.
    await app.page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
    await app.screenshot('funding-charge-en');
    await app.page.getByTestId('charge-submit').click();
    expect(await app.toast()).toBe('Deposit submitted, it will be credited after review');
    const record = app.page.getByTestId('deposit-record').first();
    await expect
      .poll(() => record.getByTestId('deposit-status').innerText())
      .toMatch(/review|unchecked/i);

    await review('deposit', 'depositor@example.com');
    await expect.poll(() => desk.locator('.deposit-review img').count()).toBe(1);
    expect(await desk.getByTestId('deposit-credit').innerText()).toContain('250');
    await desktopScreenshot(desk, 'funding-admin-deposit-review');
    await desk.getByTestId('deposit-approve').click();
    await desk.getByTestId('deposit-confirm').click();
    await expect
      .poll(() =>
        desk.getByTestId('deposit-row').filter({ hasText: 'depositor@example.com' }).count(),
      )
      .toBe(0);

    await app.page.reload();
    await expect.poll(() => record.getByTestId('deposit-credited').innerText()).toContain('250');
    expect(await openProgress(app, 'deposit-record')).toHaveLength(2);
    await app.screenshot('funding-deposit-credited-en');
    await app.open('/user');
    await expect.poll(() => app.page.getByTestId('balance-value').textContent()).toBe('250.00');
    await app.open('/mine/history');
    await expect.poll(() => app.page.locator('body').innerText()).toContain('Deposit credited');
  });

  it('binds an address, withdraws with the fee shown and the password, finance pays it, the timeline says paid (Arabic)', async () => {
    const app = await registeredTrader(browser, platform, 'withdrawer@example.com', 'ar');
    // Funds come in as in the journey above, through the API this time.
    await depositByApi('withdrawer@example.com', '300');
    await approveAtDesk('withdrawer@example.com');

    // No method yet: the not-bound dialog leads to binding one.
    await app.open('/mine/withdraw');
    await app.page.getByTestId('withdraw-method-missing').waitFor();
    await app.open('/mine/withdraw-way?type=1');
    // Not an address of the network: refused, nothing bound.
    await app.page.getByTestId('bind-address').locator('input').fill('not-an-address');
    await app.page.getByTestId('bind-submit').click();
    expect(await app.toast()).toContain('TRC20');
    await app.page.getByTestId('bind-address').locator('input').fill(PAYOUT_ADDRESS);
    await app.screenshot('funding-bind-ar');
    await app.page.getByTestId('bind-submit').click();
    await expect.poll(() => app.toast()).toBe('تم الحفظ');

    await app.open('/mine/withdraw');
    await app.page.getByTestId('withdraw-method').first().click();
    await app.page.getByTestId('withdraw-amount').locator('input').fill('100');
    // USDT on TRC20: a fixed fee of 1 USD, 99 USDT arrive.
    await expect.poll(() => app.page.getByTestId('withdraw-fee').innerText()).toContain('1.00');
    expect(await app.page.getByTestId('withdraw-receive').innerText()).toContain('99');
    await app.screenshot('funding-withdraw-ar');
    await app.page.getByTestId('withdraw-submit').click();
    // Nothing leaves before the dialog has shown the figures and the address and taken the password.
    const confirm = app.page.getByTestId('withdraw-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('withdraw-confirm-amount').innerText()).toContain('100');
    expect(await confirm.getByTestId('withdraw-confirm-fee').innerText()).toContain('1.00');
    expect(await confirm.getByTestId('withdraw-confirm-receive').innerText()).toContain('99');
    expect(await confirm.getByTestId('withdraw-confirm-to').innerText()).toBe(PAYOUT_ADDRESS);
    await confirm.locator('input[type="password"]').fill('journey-pass');
    // Shot once the bind's toast has gone and the dialog has faded in.
    await app.page.waitForFunction(() => {
      const fading = [
        ...document.querySelectorAll<HTMLElement>('.withdraw-confirm-popup [style*="opacity"]'),
      ];
      return (
        !document.querySelector('.adm-toast-main') &&
        fading.length > 0 &&
        fading.every((element) => element.style.opacity === '1')
      );
    });
    await app.screenshot('funding-withdraw-confirm-ar');
    await confirm.getByTestId('withdraw-confirm-submit').click();
    await expect.poll(() => app.toast()).toBe('تم إرسال طلب السحب للمراجعة');
    await app.page.getByTestId('withdraw-record').first().waitFor();

    await review('withdrawal', 'withdrawer@example.com');
    await desktopScreenshot(desk, 'funding-admin-withdrawal-review');
    await desk.getByTestId('withdrawal-approve').click();
    await desk.getByTestId('withdrawal-confirm').click();
    await expect
      .poll(() =>
        desk.getByTestId('withdrawal-row').filter({ hasText: 'withdrawer@example.com' }).count(),
      )
      .toBe(0);
    // Approved: paid out of the account, waiting for the transfer's reference.
    await desk.keyboard.press('Escape');
    await desk.getByText('Approved, to pay').click();
    const approved = desk
      .getByTestId('withdrawal-row')
      .filter({ hasText: 'withdrawer@example.com' });
    await approved.first().getByTestId('withdrawal-open').click();
    await desk.getByTestId('withdrawal-paid').click();
    await desk.getByTestId('withdrawal-reference').fill('TRX-JOURNEY-1');
    await desk.getByTestId('withdrawal-confirm').click();
    // Paid: it leaves the approved queue.
    await expect.poll(() => approved.count()).toBe(0);

    await app.page.reload();
    const steps = await openProgress(app, 'withdraw-record');
    expect(steps).toHaveLength(3);
    expect(await app.page.getByTestId('withdraw-notes').first().innerText()).toContain(
      'TRX-JOURNEY-1',
    );
    await app.screenshot('funding-withdraw-paid-ar');
  });

  it('shows deposits in the history with their progress, and the ledger, in Chinese', async () => {
    const app = await registeredTrader(browser, platform, 'history@example.com', 'hk');
    await depositByApi('history@example.com', '120');
    await approveAtDesk('history@example.com');
    await depositByApi('history@example.com', '80');
    await app.open('/mine/history?tab=deposits');
    await expect.poll(() => app.page.getByTestId('deposit-record').count()).toBe(2);
    // The newest, still under review: submitted, then waiting for the review.
    const steps = await openProgress(app, 'deposit-record');
    expect(steps).toHaveLength(2);
    expect(steps[1]).toContain('等待審核');
    await app.screenshot('funding-history-hk');
    await app.open('/mine/history');
    await expect.poll(() => app.page.locator('body').innerText()).toContain('120');
    await app.screenshot('funding-ledger-hk');
  });

  it('refuses a demo account at the cashier', async () => {
    const { page } = await newPhone(browser);
    await page.goto(`${platform.baseUrl}/#/login`);
    await page.getByTestId('try-demo').click();
    await page.waitForFunction(() => location.hash === '#/');
    await page.goto(`${platform.baseUrl}/#/user`);
    await page.getByTestId('menu-charge').click();
    const toast = await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>('.adm-toast-main')]
        .map((t) => t.innerText.trim())
        .filter(Boolean)
        .at(-1),
    );
    expect(String(await toast.jsonValue())).toBe('請註冊或登入真實帳戶');
    expect(page.url()).toContain('#/user');
  });
});
