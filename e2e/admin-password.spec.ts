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
 * The first owner replaces the generated password at their first login (issue 37, item 12),
 * at 1280×800: the back office shows nothing else until they do — another page's address
 * leads back to the change — a wrong current password is marked on its field, eleven
 * characters are refused, the right change opens the back office, and the next login takes
 * the new password only.
 */
describe('the first owner chooses their password, at 1280×800', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform({ generatedOwner: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('keeps the generated password to its change, then opens the back office', async () => {
    const owner = bootstrapOwner(platform.dataDir);
    const page = await newDesktop(browser);
    await adminLogin(page, platform.baseUrl, owner.email, owner.password);
    await page.getByText('Choose your own password to continue').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/password');
    // No menu to go anywhere else, and an address typed in leads back here.
    expect(await page.locator('.admin-sider .ant-menu-item').count()).toBe(0);
    await page.goto(`${platform.baseUrl}/admin/users`);
    await page.getByText('Choose your own password to continue').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/password');
    await desktopScreenshot(page, 'admin-password-required');

    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('eleven-char');
    await page.getByLabel('New password again').fill('eleven-char');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('12 to 64 characters').first().waitFor();
    await page.getByLabel('New password', { exact: true }).fill('owner-chose-this');
    await page.getByLabel('New password again').fill('owner-chose-this');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is wrong').waitFor();
    await desktopScreenshot(page, 'admin-password-wrong');

    await page.getByLabel('Current password').fill(owner.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions have ended.').waitFor();
    // The back office opens: the owner's first page, with the whole menu.
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await page.locator('.admin-sider .ant-menu-item').count()).toBeGreaterThan(5);
    await desktopScreenshot(page, 'admin-password-changed');

    await page.getByRole('button', { name: /log out/i }).click();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    const refused = page.waitForResponse((r) => r.url().endsWith('/admin/api/login'));
    await page.getByRole('button', { name: /log in/i }).click();
    expect((await (await refused).json()).code).not.toBe(1);
    await adminLogin(page, platform.baseUrl, owner.email, 'owner-chose-this');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.context().close();
  });
});
