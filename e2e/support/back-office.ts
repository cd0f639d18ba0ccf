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

/** The password the first owner chooses at their first login in the journeys. */
export const OWNER_PASSWORD = 'owner-e2e-password';

/** Owners who replaced the generated password, by the platform's data folder. */
const chosen = new Map<string, { email: string; password: string }>();

/**
 * The bootstrap owner's credentials: the password they chose at their first login
 * (replaceGeneratedPassword), or the generated one the first start wrote for whoever runs it.
 */
export function bootstrapOwner(dataDir: string): { email: string; password: string } {
  const known = chosen.get(dataDir);
  if (known) return known;
  const text = fs.readFileSync(path.join(dataDir, 'admin-credentials.txt'), 'utf8');
  const email = /email: (.+)/.exec(text)?.[1];
  const password = /password: (.+)/.exec(text)?.[1];
  if (!email || !password) throw new Error('admin-credentials.txt has no credentials');
  return { email, password };
}

/**
 * The first owner's first login as its owner makes it (issue 37): the back office opens only
 * once the generated password is replaced, so it is, with OWNER_PASSWORD, through the real
 * calls; bootstrapOwner answers that password from then on.
 */
export async function replaceGeneratedPassword(baseUrl: string, dataDir: string): Promise<void> {
  const generated = bootstrapOwner(dataDir);
  const post = async (route: string, body: object, token?: string) => {
    const response = await fetch(`${baseUrl}/admin/api/${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        lang: 'en',
        ...(token ? { authorization: token } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; msg: string; data: { token: string } };
  };
  const session = await post('login', { account: generated.email, password: generated.password });
  if (session.code !== 1) throw new Error(`owner login refused: ${session.msg}`);
  const changed = await post(
    'password',
    { old_password: generated.password, password: OWNER_PASSWORD },
    session.data.token,
  );
  if (changed.code !== 1) throw new Error(`owner password change refused: ${changed.msg}`);
  chosen.set(dataDir, { email: generated.email, password: OWNER_PASSWORD });
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
