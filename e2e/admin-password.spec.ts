import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogin,
  bootstrapOwner,
  desktopScreenshot,
  newDesktop,
} from './support/back-office.ts';
import { launchBrowser } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/**
 * The first owner replaces the generated password from the header's menu (issue 25, item 14),
 * at 1280×800: a wrong current password is marked on its field, the right one changes it,
 * and the next login takes the new password only.
 */
describe('an operator changes their password, at 1280×800', () => {
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

  it('changes the generated password; the new one logs in', async () => {
    const owner = bootstrapOwner(platform.dataDir);
    const page = await newDesktop(browser);
    await adminLogin(page, platform.baseUrl, owner.email, owner.password);
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('owner-chose-this');
    await page.getByLabel('New password again').fill('owner-chose-this');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is wrong').waitFor();
    await desktopScreenshot(page, 'admin-password-wrong');

    await page.getByLabel('Current password').fill(owner.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions have ended.').waitFor();
    await desktopScreenshot(page, 'admin-password-changed');

    await page.getByRole('button', { name: /log out/i }).click();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    const refused = page.waitForResponse((r) => r.url().endsWith('/admin/api/login'));
    await page.getByRole('button', { name: /log in/i }).click();
    expect((await (await refused).json()).code).not.toBe(1);
    await adminLogin(page, platform.baseUrl, owner.email, 'owner-chose-this');
    await page.context().close();
  });
});
