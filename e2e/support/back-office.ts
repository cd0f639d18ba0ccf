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
