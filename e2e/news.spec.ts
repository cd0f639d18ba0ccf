import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogin,
  bootstrapOwner,
  desktopScreenshot,
  newDesktop,
} from './support/back-office.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { registeredTrader } from './support/traders.ts';

/** Copies for the reviewer of this part, beside the usual e2e/screenshots. */
const SHOTS = process.env.NEWS_SHOTS ?? '/tmp/news-shots';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A visitor's phone at 390×844 in a language (hk is the default: nothing to choose). */
async function visitor(browser: Browser, platform: RunningPlatform, language: string) {
  const { page } = await newPhone(browser);
  const app = new MobileApp(page, platform.baseUrl);
  if (language !== 'hk') await app.chooseLanguage(language);
  return app;
}

const article = (app: MobileApp) => app.page.getByTestId('news-article');

// News and announcements at 390×844 as the embedded default ships them (seeded in 15
// languages), and an editor's announcement written at 1280×800 reaching home's banner.
describe('news and announcements', () => {
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

  it('reads the news and the pinned announcement from home in English', async () => {
    const app = await visitor(browser, platform, 'en');
    await app.open('/');
    const banner = app.page.getByTestId('home-announcement');
    await expect.poll(() => banner.innerText()).toContain('North Korea');
    await banner.click();
    await article(app).waitFor();
    expect(app.route()).toMatch(/^\/news\/detail\?id=\d+$/);
    const text = await article(app).innerText();
    expect(text).toContain(
      'Services are not available in North Korea, Israel, China, Vanuatu and Cuba',
    );
    expect(text).toContain('contact customer service');
    await shoot(app.page, 'e2e-detail-en');

    await app.open('/news');
    await app.page.getByTestId('news-card').first().waitFor();
    expect(await app.page.locator('.footer-tabs').isVisible()).toBe(true);
    const titles = await app.page.getByTestId('news-card').locator('h3').allInnerTexts();
    expect(titles[0]).toBe('Week ahead: central bank meetings in focus');
    await shoot(app.page, 'e2e-news-en');
    await app.page.getByRole('tab', { name: 'Announcements' }).click();
    const announcements = app.page.getByTestId('news-list-2').getByTestId('news-card');
    await announcements.first().waitFor();
    expect(await announcements.count()).toBe(3);
    await announcements.nth(2).click();
    await article(app).waitFor();
    expect(await article(app).innerText()).toContain('Keep your account safe');
    await app.page.context().close();
  });

  it('reads them in Arabic, right to left, and shows Chinese (hk) by default', async () => {
    const app = await visitor(browser, platform, 'ar');
    await app.open('/news');
    const first = app.page.getByTestId('news-card').first();
    await first.waitFor();
    expect(await first.locator('h3').innerText()).toContain('اجتماعات البنوك المركزية');
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shoot(app.page, 'e2e-news-ar');
    await first.click();
    await article(app).waitFor();
    expect(await article(app).getAttribute('lang')).toBe('ar');
    expect(await article(app).locator('.news-content').getAttribute('dir')).toBe('auto');
    expect(await article(app).innerText()).toContain('البنوك المركزية');
    await shoot(app.page, 'e2e-detail-ar');
    await app.page.context().close();

    const hk = await visitor(browser, platform, 'hk');
    await hk.open('/news');
    await hk.page.getByTestId('news-card').first().waitFor();
    expect(await hk.page.getByTestId('news-card').first().locator('h3').innerText()).toBe(
      '一週前瞻：央行議息會議成焦點',
    );
    await shoot(hk.page, 'e2e-news-hk');
    await hk.page.context().close();
  });

  it('lists announcements in /mine/announcement for a logged-in trader', async () => {
    const app = await registeredTrader(browser, platform, 'news-journey@example.com', 'en');
    await app.open('/mine/announcement');
    const cards = app.page.getByTestId('news-list-2').getByTestId('news-card');
    await cards.first().waitFor();
    expect(await cards.first().locator('h3').innerText()).toContain('North Korea');
    await shoot(app.page, 'e2e-announcements-en');
    await cards.nth(1).click();
    await article(app).waitFor();
    expect(await article(app).innerText()).toContain('Trading hours around public holidays');
    await app.page.context().close();
  });

  it('publishes and pins an editor announcement in two languages; home shows it, sanitized', async () => {
    const owner = bootstrapOwner(platform.dataDir);
    const desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, owner.email, owner.password);
    await desk.goto(`${platform.baseUrl}/admin/news`);
    await desk.getByTestId('news-row').first().waitFor();
    await desk.getByTestId('news-new').click();
    await desk.getByText('Announcement', { exact: true }).click();
    await desk.getByTestId('news-title-en').fill('Weekend maintenance window');
    await desk.getByTestId('news-desc-en').fill('Deposits pause for one hour on Saturday.');
    await desk
      .getByTestId('news-content-en')
      .fill(
        '<p>Deposits pause for one hour.</p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2">',
      );
    await desk.getByRole('tab', { name: 'Arabic' }).click();
    await desk.getByTestId('news-title-ar').fill('نافذة صيانة نهاية الأسبوع');
    await desk.getByTestId('news-content-ar').fill('<p>تتوقف الإيداعات لمدة ساعة واحدة.</p>');
    await desk.getByTestId('news-save').click();
    await desk.getByText(/^Article #\d+$/).waitFor();
    await desk.getByRole('tab', { name: 'English' }).click();
    // What the editor reads back is what was stored: sanitized.
    await expect
      .poll(() => desk.getByTestId('news-content-en').inputValue())
      .toBe('<p>Deposits pause for one hour.</p>');
    await desktopScreenshot(desk, 'news-editor');
    await shoot(desk, 'e2e-admin-editor');
    await desk.keyboard.press('Escape');
    const row = desk.getByTestId('news-row').filter({ hasText: 'Weekend maintenance window' });
    await row.getByTestId('news-publish').click();
    await row.getByText('published').waitFor();
    await row.getByTestId('news-pin').click();
    await row.getByRole('button', { name: /unpin/i }).waitFor();
    expect(await row.getByTestId('news-coverage').innerText()).toBe('2/15');
    await shoot(desk, 'e2e-admin-list');

    const app = await visitor(browser, platform, 'ar');
    await app.open('/');
    const banner = app.page.getByTestId('home-announcement');
    await expect.poll(() => banner.innerText()).toContain('نافذة صيانة نهاية الأسبوع');
    await shoot(app.page, 'e2e-home-ar');
    await banner.click();
    await article(app).waitFor();
    expect(await article(app).innerText()).toContain('تتوقف الإيداعات');
    // German has no text: English, sanitized, nothing ran.
    const de = await visitor(browser, platform, 'de');
    await de.open(app.route());
    await article(de).waitFor();
    expect(await article(de).innerText()).toContain('Deposits pause for one hour.');
    expect(await article(de).locator('script, img').count()).toBe(0);
    expect(await de.page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  });
});
