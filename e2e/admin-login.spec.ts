import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapOwner, desktopScreenshot, newDesktop } from './support/back-office.ts';
import { launchBrowser } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/**
 * The back office login after repeated failures (issue 24, item 2): the owner's e-mail is
 * public, so failures never lock it; the login asks for a captcha instead, at 1280×800.
 */
describe('operator login with a captcha, at 1280×800', () => {
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

  /**
   * Submits the form and, when it draws a new captcha picture, gives that captcha an answer
   * the test knows: the picture's text is never stored in clear.
   */
  async function submitExpectingCaptcha(page: Page, answer: string): Promise<void> {
    const drawn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/captcha');
    await page.getByRole('button', { name: /log in/i }).click();
    const { data } = await (await drawn).json();
    await platform.store.db
      .updateTable('captchas')
      .set({ answer_hash: createHash('sha256').update(`${data.key}|${answer}`).digest('hex') })
      .where('key', '=', data.key)
      .execute();
    await expect
      .poll(() => page.locator('.login-captcha-image img').getAttribute('src'))
      .toBe(data.img);
  }

  it('asks the owner for a captcha after three wrong passwords, and lets them in with it', async () => {
    const owner = bootstrapOwner(platform.dataDir);
    const page = await newDesktop(browser);
    await page.goto(`${platform.baseUrl}/admin/`);
    await page.getByLabel('E-mail').fill(owner.email);
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('Password').fill(`forgotten-${i}`);
      const answered = page.waitForResponse((r) => r.url().endsWith('/admin/api/login'));
      await page.getByRole('button', { name: /log in/i }).click();
      expect((await (await answered).json()).code).toBe(4002);
    }
    await page.getByLabel('Password').fill(owner.password);
    await submitExpectingCaptcha(page, 'h4mk');
    await page.getByText('Too many failed attempts').waitFor();
    // The refusals' notices gone, so that the picture shows the form alone.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 8000 }).toBe(0);
    await desktopScreenshot(page, 'admin-login-captcha');

    // A misread picture is refused and replaced by a new one.
    await page.getByLabel('Characters in the picture').fill('zzzz');
    await submitExpectingCaptcha(page, 'p7xr');
    await page.getByText('The captcha is wrong or has expired').waitFor();
    expect(await page.getByLabel('Characters in the picture').inputValue()).toBe('');

    await page.getByLabel('Characters in the picture').fill('P7XR');
    await page.getByRole('button', { name: /log in/i }).click();
    await page.getByRole('button', { name: /log out/i }).waitFor({ timeout: 10_000 });
    await page.context().close();
  });
});
