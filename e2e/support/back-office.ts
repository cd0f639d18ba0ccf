import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './mobile-browser.ts';

/** The back office on a desktop: 1280×800, a fresh profile. */
export async function newDesktop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  return page;
}

/** The bootstrap owner's credentials, as the first start wrote them for whoever runs it. */
export function bootstrapOwner(dataDir: string): { email: string; password: string } {
  const text = fs.readFileSync(path.join(dataDir, 'admin-credentials.txt'), 'utf8');
  const email = /email: (.+)/.exec(text)?.[1];
  const password = /password: (.+)/.exec(text)?.[1];
  if (!email || !password) throw new Error('admin-credentials.txt has no credentials');
  return { email, password };
}

export async function desktopScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Signs in to /admin/ (with a two-factor code when `otp` is given) and waits for the shell. */
export async function adminLogin(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  otp?: () => string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  if (otp) {
    await page.getByLabel('Two-factor code').fill(otp());
    await page.getByRole('button', { name: /log in/i }).click();
  }
  try {
    await page.getByRole('button', { name: /log out/i }).waitFor({ timeout: 10_000 });
  } catch (error) {
    await desktopScreenshot(page, 'admin-login-failed');
    throw error;
  }
}

/** A session of the bootstrap owner, through the real login. */
export async function ownerToken(baseUrl: string, dataDir: string): Promise<string> {
  const owner = bootstrapOwner(dataDir);
  const response = await fetch(`${baseUrl}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en' },
    body: JSON.stringify({ account: owner.email, password: owner.password }),
  });
  const session = await response.json();
  if (session.code !== 1) throw new Error(`owner login refused: ${session.msg}`);
  return session.data.token as string;
}
