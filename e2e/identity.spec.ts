import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootstrapOwner,
  desktopScreenshot,
  newDesktop,
  adminLogin as signIn,
} from './support/back-office.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson, registeredTrader } from './support/traders.ts';

/** A photo of a document as a phone would send it: a real JPEG. */
async function documentPhoto(
  color: string,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 640, height: 400, channels: 3, background: color },
  })
    .jpeg()
    .toBuffer();
  return { name: 'id.jpg', mimeType: 'image/jpeg', buffer };
}

describe('identity verification journeys: trader at 390×844, reviewer at 1280×800', () => {
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

  const post = (path: string, body: Record<string, unknown>, token?: string) =>
    postJson(platform, path, body, token);
  const trader = (email: string, language: string) =>
    registeredTrader(browser, platform, email, language);

  /** The trader fills /mine/auth with both photos and submits. */
  async function submitIdentity(app: MobileApp, screenshot?: string): Promise<void> {
    await app.open('/mine/auth');
    await app.fill('name', 'Chan Tai Man');
    await app.fill('card_id', 'A1234567');
    await app.page.getByTestId('id-front-input').setInputFiles(await documentPhoto('#d7c3a0'));
    await app.page.getByTestId('id-back-input').setInputFiles(await documentPhoto('#a0b7d7'));
    // Both uploaded, and both previews shown.
    await expect.poll(() => app.page.locator('.id-slot-done').count()).toBe(2);
    await expect.poll(() => app.page.locator('img.id-slot-preview').count()).toBe(2);
    if (screenshot) await app.screenshot(screenshot);
    await app.page.getByTestId('real-name-submit').click();
    await app.page.getByTestId('identity-waiting').waitFor();
  }

  /** As a trader comes back: through the account page's menu. */
  async function backToIdentityPage(app: MobileApp): Promise<void> {
    await app.open('/user');
    await app.page.getByTestId('menu-identity').click();
    await app.waitForRoute('/mine/auth');
  }

  const adminLogin = (page: Page, email: string, password: string, otp?: () => string) =>
    signIn(page, platform.baseUrl, email, password, otp);

  async function openReview(page: Page, traderEmail: string) {
    await page.getByRole('menuitem', { name: /identity/i }).click();
    const row = page.getByRole('row', { name: new RegExp(traderEmail) });
    await row.getByRole('button').click();
    // Both images, side by side, fetched with the operator's token.
    await expect.poll(() => page.locator('.id-images img').count()).toBe(2);
  }

  it('a rejection with a reason shows on the trader’s page, in English, Chinese and Arabic', async () => {
    const app = await trader('rejected@example.com', 'en');
    await submitIdentity(app, 'auth-form-en');
    await app.screenshot('auth-waiting-en');

    // The owner adds a compliance operator; that operator rejects with a reason.
    const owner = bootstrapOwner(platform.dataDir);
    const session = await post('/admin/api/login', {
      account: owner.email,
      password: owner.password,
    });
    expect(session.code).toBe(1);
    const added = await post(
      '/admin/api/operators',
      { email: 'reviewer@example.com', password: 'reviewer-pass', role: 'compliance' },
      session.data.token,
    );
    expect(added.code).toBe(1);
    const page = await newDesktop(browser);
    await adminLogin(page, 'reviewer@example.com', 'reviewer-pass');
    await openReview(page, 'rejected@example.com');
    await desktopScreenshot(page, 'admin-identity-review');
    await page
      .getByRole('button', { name: /reject/i })
      .first()
      .click();
    await page.getByLabel('Reason shown to the trader').fill('The back of the card is blurred');
    await desktopScreenshot(page, 'admin-identity-reject');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /reject/i })
      .click();
    await expect
      .poll(() => page.getByRole('row', { name: /rejected@example.com/ }).count())
      .toBe(0);

    await backToIdentityPage(app);
    const reason = app.page.getByTestId('identity-rejected-reason');
    await expect.poll(() => reason.innerText()).toBe('The back of the card is blurred');
    await app.screenshot('auth-rejected-en');
    for (const language of ['hk', 'ar']) {
      await app.chooseLanguage(language);
      await app.open('/mine/auth');
      await expect.poll(() => reason.innerText()).toBe('The back of the card is blurred');
      if (language === 'ar')
        expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await app.screenshot(`auth-rejected-${language}`);
    }
    await page.context().close();
    await app.page.context().close();
  });

  it('the owner enrols two-factor, logs in with it and approves; the trader sees certified', async () => {
    const app = await trader('approved@example.com', 'hk');
    await submitIdentity(app);
    await app.screenshot('auth-waiting-hk');

    const owner = bootstrapOwner(platform.dataDir);
    const page = await newDesktop(browser);
    await adminLogin(page, owner.email, owner.password);
    await page.getByRole('menuitem', { name: /two-factor/i }).click();
    // Enrolment starts with the current password: a session alone may not enrol a phone.
    await page.getByLabel('Current password').fill(owner.password);
    await page.getByRole('button', { name: 'Start set-up' }).click();
    const secret = (await page.locator('.two-factor-secret-text').innerText()).replace(/\s/g, '');
    await expect.poll(() => page.locator('img[alt*="QR" i]').count()).toBe(1);
    await desktopScreenshot(page, 'admin-two-factor');
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    // Enrolled: the menu no longer offers it.
    await expect.poll(() => page.getByRole('menuitem', { name: /two-factor/i }).count()).toBe(0);

    // Out and in again: now the code is asked for. A code works once, so this one is the next
    // time step's (a phone clock 30 s ahead, which the server tolerates).
    await page.getByRole('button', { name: /log out/i }).click();
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await adminLogin(page, owner.email, owner.password, () => code);
    await openReview(page, 'approved@example.com');
    // Approving asks first; cancelled, the submission still waits.
    const approve = page.getByRole('button', { name: /approve/i }).first();
    const waitingRows = page.getByRole('row', { name: /approved@example.com/ });
    const shown = await waitingRows.count();
    expect(shown).toBeGreaterThan(0);
    await approve.click();
    const confirm = page.locator('.ant-modal');
    await confirm.getByText('Chan Tai Man').waitFor();
    // Pictured once the dialog has finished fading in.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await desktopScreenshot(page, 'admin-identity-approve-confirm');
    await confirm.getByRole('button', { name: /cancel/i }).click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    expect(await waitingRows.count()).toBe(shown);
    await approve.click();
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /^approve$/i })
      .click();
    await expect
      .poll(() => page.getByRole('row', { name: /approved@example.com/ }).count())
      .toBe(0);

    await backToIdentityPage(app);
    await app.page.getByTestId('identity-certified').waitFor();
    await app.screenshot('auth-certified-hk');
    await app.chooseLanguage('en');
    await app.open('/mine/auth');
    await app.page.getByTestId('identity-certified').waitFor();
    await app.screenshot('auth-certified-en');

    // The audit log shows both decisions.
    await page.getByRole('menuitem', { name: /audit/i }).click();
    await page.getByText('identity.approve').first().waitFor();
    await page.getByText('identity.reject').first().waitFor();
    await desktopScreenshot(page, 'admin-audit');
    await page.context().close();
    await app.page.context().close();
  });
});
