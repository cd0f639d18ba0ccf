import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** A phone: 390×844, touch, a fresh profile (empty local storage). */
export async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  return { context, page };
}

/** The mobile app as a page model: routes, toasts and screenshots. */
export class MobileApp {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(route: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/#${route}`);
  }

  /** The route part of the URL, e.g. "/login?from=/user". */
  route(): string {
    return decodeURIComponent(new URL(this.page.url()).hash.replace(/^#/, ''));
  }

  async waitForRoute(route: string): Promise<void> {
    await this.page.waitForFunction(
      (expected) => decodeURIComponent(location.hash.replace(/^#/, '')) === expected,
      route,
    );
  }

  /** The text of the toast on screen (the loading spinner has none, so it is waited past). */
  async toast(): Promise<string> {
    const text = await this.page.waitForFunction(() => {
      const toasts = [...document.querySelectorAll<HTMLElement>('.adm-toast-main')];
      return toasts
        .map((t) => t.innerText.trim())
        .filter(Boolean)
        .at(-1);
    });
    return String(await text.jsonValue());
  }

  async fill(name: string, value: string): Promise<void> {
    await this.page.locator(`input[name="${name}"]`).fill(value);
  }

  async screenshot(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  }

  async chooseLanguage(code: string): Promise<void> {
    await this.open('/language');
    await this.page.locator(`[data-lang="${code}"]`).click();
    await this.page.waitForFunction((c) => localStorage.getItem('tradedesk.lang') === c, code);
  }
}
