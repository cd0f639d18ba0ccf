import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../packages/server/src/config.ts';
import { openSqlite } from '../packages/server/src/platform/db/database.ts';
import {
  adminLogin,
  bootstrapOwner,
  desktopScreenshot,
  replaceGeneratedPassword,
} from './support/back-office.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

// Tuesday 2026-11-03 10:00 New York: every market trades, so quotes flow over the socket.
const TUESDAY_MORNING = Date.UTC(2026, 10, 3, 15, 0);

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/** Records every CSP violation and console error of a browser context, across navigations. */
async function watch(context: BrowserContext, page: Page) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await context.exposeFunction('reportViolation', (v: Violation) => violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(v: Violation): void }).reportViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: location.href,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  return { violations, consoleErrors };
}

describe('what the browser is given: the Content-Security-Policy, frames, no source maps', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let chat: http.Server;
  let chatPort: number;

  beforeAll(async () => {
    // The customer-service chat: another origin, which the policy must let the app frame.
    chat = http.createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<p>chat</p>');
    });
    await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
    chatPort = (chat.address() as AddressInfo).port;
    // No request before the settings below (the owner's first login is made after them).
    platform = await startPlatform({ at: TUESDAY_MORNING, generatedOwner: true });
    // Before the first request: the policy reads the service link once a minute. Captcha
    // registration, so that the register page shows its SVG data-URL picture.
    const store = openSqlite(path.join(platform.dataDir, 'app.db'));
    for (const [key, value] of [
      ['service_link', `http://localhost:${chatPort}/chat?channel=app`],
      ['service_link_type', '1'],
      ['verify_reg_type', '2'],
    ]) {
      await store.db.updateTable('settings').set({ value }).where('key', '=', key!).execute();
    }
    await store.destroy();
    await replaceGeneratedPassword(platform.baseUrl, platform.dataDir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    chat?.close();
  });

  it('runs the app (quotes over the WebSocket, chart, captcha, orders) and /docs without a violation', async () => {
    const { context, page } = await newPhone(browser);
    const { violations, consoleErrors } = await watch(context, page);
    const socketFrames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', () => socketFrames.push(socket.url()));
    });
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage('en');

    await app.open('/');
    await expect
      .poll(() => page.getByTestId('market-list').getByTestId('price').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(30);
    // connect-src 'self' lets the same-origin socket through: pushes arrive on it.
    await expect.poll(() => socketFrames.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(new URL(socketFrames[0]!).pathname).toBe('/v1/ws');

    await app.open('/register');
    const captcha = page.locator('.captcha-image img');
    await expect.poll(() => captcha.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect
      .poll(() => captcha.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');
    await app.open('/trade');
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
    await app.open('/order');
    await expect.poll(() => page.getByTestId('summary-balance').textContent()).toMatch(/\d/);

    await page.goto(`${platform.baseUrl}/docs/`);
    await expect
      .poll(() => page.locator('.swagger-ui .opblock').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // Past a hundred-odd operations swagger-ui lists them virtually: those further down are
    // drawn as the page scrolls to them. Scrolled to the end, every operation has been drawn,
    // the back office's last.
    const seen = new Set<string>();
    for (let step = 0; step < 200; step++) {
      for (const id of await page
        .locator('.swagger-ui .opblock')
        .evaluateAll((blocks) => blocks.map((block) => block.id)))
        seen.add(id);
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, 600);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      if (atEnd && step > 3) break;
      await page.waitForTimeout(50);
    }
    expect(seen.size).toBeGreaterThan(100);
    expect([...seen].some((id) => id.startsWith('operations-admin-'))).toBe(true);

    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('runs the back office (login, news editor, support, audit) at 1280×800 without a violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const { violations, consoleErrors } = await watch(context, page);
    const owner = bootstrapOwner(platform.dataDir);
    await adminLogin(page, platform.baseUrl, owner.email, owner.password);

    await page.goto(`${platform.baseUrl}/admin/news`);
    await page.getByTestId('news-new').click();
    const content = page.getByTestId('news-content-en');
    await content.waitFor();
    // Typing makes the auto-sizing text areas measure themselves again and again.
    await page.getByTestId('news-desc-en').fill('One line.\nTwo lines.\nThree lines.');
    await content.fill('<p>Deposits pause for one hour on Saturday.</p>\n'.repeat(8));
    // The measuring text area antd keeps in <body> stays out of sight: only the editor's own
    // fields are text areas one can see.
    const visibleTextAreas = await page
      .locator('textarea')
      .evaluateAll((all) =>
        all
          .filter(
            (t) =>
              t.getBoundingClientRect().height > 0 && getComputedStyle(t).visibility !== 'hidden',
          )
          .map((t) => t.getAttribute('data-testid') ?? t.getAttribute('name') ?? '?'),
      );
    await desktopScreenshot(page, 'csp-admin-news-editor');

    await page.goto(`${platform.baseUrl}/admin/support`);
    await page.getByRole('button', { name: /log out/i }).waitFor();
    await page.goto(`${platform.baseUrl}/admin/audit`);
    await page.locator('.ant-table').first().waitFor();

    // Playwright runs its own script in every frame, the sandboxed preview too, where the
    // sandbox refuses it: a message about the test's script, not the page's.
    const pageErrors = consoleErrors.filter(
      (text) => !text.includes("Blocked script execution in 'about:srcdoc'"),
    );
    expect({ visibleTextAreas, violations, consoleErrors: pageErrors }).toEqual({
      visibleTextAreas: ['news-desc-en', 'news-content-en'],
      violations: [],
      consoleErrors: [],
    });
    await context.close();
  });

  it("frames the service link's origin and nothing else", async () => {
    const { context, page } = await newPhone(browser);
    const { violations } = await watch(context, page);
    await page.goto(`${platform.baseUrl}/#/`);
    const frame = (src: string) =>
      page.evaluate(
        (url) =>
          new Promise<void>((resolve) => {
            const iframe = document.createElement('iframe');
            iframe.src = url;
            iframe.onload = () => resolve();
            document.body.append(iframe);
            setTimeout(resolve, 2_000);
          }),
        src,
      );
    await frame(`http://localhost:${chatPort}/chat?channel=app`);
    const chatFrame = page.frames().find((f) => f.url().startsWith(`http://localhost:${chatPort}`));
    expect(await chatFrame?.textContent('p')).toBe('chat');
    expect(violations).toEqual([]);

    // The same chat server under another origin (another host name) is refused.
    await frame(`http://127.0.0.1:${chatPort}/chat`);
    await expect.poll(() => violations.map((v) => v.directive)).toEqual(['frame-src']);
    // Chromium reports a cross-origin URL by its origin only.
    expect(violations[0]!.blocked).toBe(`http://127.0.0.1:${chatPort}`);
  });

  it('publishes no source maps: the build has none, and links none', async () => {
    const assets = path.join(loadConfig({}).webDist, 'assets');
    const files = fs.readdirSync(assets);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((f) => f.endsWith('.js') || f.endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      expect(fs.readFileSync(path.join(assets, file), 'utf8'), file).not.toContain(
        'sourceMappingURL',
      );
    }
    const map = await fetch(`${platform.baseUrl}/assets/${scripts[0]}.map`);
    expect(map.status).toBe(404);
    expect(await map.json()).toMatchObject({ code: 404, data: null });
  });
});
