import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogin,
  bootstrapOwner,
  desktopScreenshot,
  newDesktop,
  ownerToken,
} from './support/back-office.ts';
import { launchBrowser, type MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson, registeredTrader } from './support/traders.ts';

/** Copies for the reviewer of this part, beside the usual e2e/screenshots. */
const SHOTS = process.env.COMPANY_SHOTS ?? '/tmp/company-shots';

async function shoot(app: MobileApp, name: string): Promise<void> {
  await app.screenshot(name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await app.page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

// Company mode, the start-up check and the installable app at 390×844: the owner turns main
// mode on in the back office API; a trader searches a provider on /product, reads its details,
// chooses it and sees it on /user; the manifest and the service worker are served and work
// offline without caching the API; switched off, the site sends visitors to the loss URL.
describe('company mode and installable app at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let owner: string;
  const companySettings = (body: Record<string, unknown>) =>
    postJson(platform, '/admin/api/company/settings', body, owner);

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
    owner = await ownerToken(platform.baseUrl, platform.dataDir);
    expect((await companySettings({ company_type: 0 })).code).toBe(1);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('serves the manifest with its icons, and a service worker that is never cached long', async () => {
    const response = await fetch(`${platform.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'TradeDesk', display: 'standalone', start_url: '/' });
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const file = await fetch(`${platform.baseUrl}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    }
    const worker = await fetch(`${platform.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const html = await (await fetch(`${platform.baseUrl}/`)).text();
    expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
  });

  it('searches a company, opens its details, chooses it and shows it on /user (en)', async () => {
    const app = await registeredTrader(browser, platform, 'company-en@example.com', 'en');
    await app.open('/product');
    await app.page.locator('.adm-search-bar input').fill('harbour');
    const row = app.page.getByTestId('company-results').locator('.adm-list-item', {
      hasText: 'Harbourline Markets (sample)',
    });
    // Typing is debounced: the first letters' results give way to the whole word's.
    const rows = app.page.getByTestId('company-results').locator('.adm-list-item');
    await expect.poll(() => rows.count()).toBe(1);
    await row.waitFor();
    await row.click();
    const popup = app.page.getByTestId('company-popup');
    await popup.waitFor();
    for (const text of [
      'Main company',
      'Harbourline Financial Holdings Ltd',
      'Registered address',
      '18 Queensway, Central, Hong Kong',
      'Office address',
      'Contact email',
      'service@harbourline.example',
      'Website',
    ])
      expect(await popup.innerText()).toContain(text);
    await shoot(app, 'company-popup-en');
    await app.page.getByTestId('company-choose').click();
    expect(await app.toast()).toBe('Selected');
    const cookie = (await app.page.context().cookies()).find((c) => c.name === 'company_id');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    // 3 years were asked for (Max-Age, unit-tested); Chromium keeps a cookie 400 days at most
    // (the app writes it again at each start, for what remains of the 3 years).
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThanOrEqual(3 * 365);
    const companies = await (
      await fetch(`${platform.baseUrl}/api/company/getCompany?name=harbourline`)
    ).json();
    expect(cookie?.value).toBe(String(companies.data[0].id));

    // The toast must not cover /user in the screenshot.
    await app.page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await app.open('/user');
    await expect
      .poll(() => app.page.getByTestId('provider-name').innerText())
      .toBe('Harbourline Markets (sample)');
    await app.page.getByTestId('provider-name').scrollIntoViewIfNeeded();
    await shoot(app, 'company-user-provider-en');
    await app.page.close();
  });

  it('shows the company search and details in Chinese and Arabic', async () => {
    for (const language of ['hk', 'ar']) {
      const app = await registeredTrader(
        browser,
        platform,
        `company-${language}@example.com`,
        language,
      );
      await app.open('/product');
      const rows = app.page.getByTestId('company-results').locator('.adm-list-item');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(4);
      await shoot(app, `company-search-${language}`);
      await app.page.locator('.adm-search-bar input').fill('MERIDIAN');
      await expect.poll(() => rows.count()).toBe(1);
      await rows.first().click();
      const popup = app.page.getByTestId('company-popup');
      await popup.waitFor();
      expect(await popup.innerText()).toContain(language === 'hk' ? '註冊地址' : 'العنوان المسجل');
      if (language === 'ar')
        expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await shoot(app, `company-popup-${language}`);
      await app.page.close();
    }
  });

  it('registers the service worker, opens the shell offline and never serves the API from it', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${platform.baseUrl}/#/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${platform.baseUrl}/`);
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    );
    // The worker controls the page once it has claimed it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    await page.locator('#root > *').first().waitFor();
    const api = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/company/getCompanyStatus');
        return `answered ${response.status}`;
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
    await context.setOffline(false);
    await context.close();
  });

  it('support adds a company in the back office at 1280×800; traders find it', async () => {
    const desk = await newDesktop(browser);
    const { email, password } = bootstrapOwner(platform.dataDir);
    await adminLogin(desk, platform.baseUrl, email, password);
    await desk.goto(`${platform.baseUrl}/admin/companies`);
    await desk.getByTestId('loss-url').waitFor();
    await desk.getByTestId('company-add').click();
    await desk.getByLabel('Name (what traders search by)').fill('Quokka Test Brokers');
    await desk.getByLabel('Main company').fill('Quokka Holdings Ltd');
    await desk.getByLabel('Website').fill('http://insecure.example');
    await desk.getByTestId('company-save').click();
    await desk.getByText('Enter an https:// address').waitFor();
    await desk.getByLabel('Website').fill('https://quokka.example');
    await desk.getByTestId('company-save').click();
    await desk.getByRole('cell', { name: 'Quokka Test Brokers' }).waitFor();
    await desktopScreenshot(desk, 'company-admin');
    await desk.screenshot({ path: path.join(SHOTS, 'company-admin.png') });
    const found = await (
      await fetch(`${platform.baseUrl}/api/company/getCompany?name=quokka`)
    ).json();
    expect(found.data.map((c: { name: string; url: string }) => [c.name, c.url])).toEqual([
      ['Quokka Test Brokers', 'https://quokka.example'],
    ]);
    await desk.context().close();
  });

  it('start-up check status 0 sends the browser to the loss URL', async () => {
    const lossUrl = `${platform.baseUrl}/health`;
    expect((await companySettings({ loss_url: lossUrl, company_status: 0 })).code).toBe(1);
    const { context, page } = await newPhone(browser);
    await page.goto(`${platform.baseUrl}/#/product`);
    await page.waitForURL(lossUrl);
    expect(page.url()).toBe(lossUrl);
    await context.close();
    expect((await companySettings({ company_status: 1 })).code).toBe(1);
  });
});
