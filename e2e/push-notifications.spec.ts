import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalPushService,
  startLocalPushService,
} from '../packages/server/src/testing/local-push-service.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { callFromPage } from './support/page-api.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import type { SteeredMarket } from './support/steered-market.ts';
import { demoPhone } from './support/traders.ts';

/** Pictures of the notifications page, looked at by a person (gitignored). */
const SHOTS = path.resolve('.tmp/shots');

/** Tuesday 2026-11-03 10:00 New York: every market is open. */
const START = Date.UTC(2026, 10, 3, 15, 0);

/** The service worker's registration id, as the DevTools protocol names it. */
async function registrationOf(app: MobileApp) {
  const cdp = await app.page.context().newCDPSession(app.page);
  const origin = new URL(app.baseUrl).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found, origin };
}

/**
 * Issue 41: a price alert that fires reaches the phone by Web Push. Chromium here has no
 * push service it can reach (no network), so the device subscribes with a push service the
 * test runs: the server encrypts and signs for it with `web-push` as for FCM, the service
 * decrypts as the browser's would, and the test hands the message to the app's service
 * worker (the DevTools protocol's push delivery), which shows the notification.
 */
describe('push notifications at 390×844', () => {
  let platform: RunningPlatform;
  let market: SteeredMarket;
  let browser: Browser;
  let push: LocalPushService;

  beforeAll(async () => {
    push = await startLocalPushService();
    platform = await startPlatform({
      at: START,
      steered: true,
      env: { PUSH_SERVICE_ORIGINS: push.origin, PUSH_CA_FILE: push.caFile },
    });
    market = platform.market!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await push?.close();
  });

  const TITLES = { en: 'EURUSD reached 1.08600', ar: /EURUSD/ } as const;

  it.each(['en', 'ar'] as const)(
    'shows the notifications page, and a fired alert as the service worker’s notification (%s)',
    async (language) => {
      market.setBid('EURUSD', 1.085);
      const app = await demoPhone(browser, platform, language);
      const { page } = app;
      await page.context().grantPermissions(['notifications'], { origin: platform.baseUrl });
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${platform.baseUrl}/`);

      await app.open('/mine/notifications');
      await page.getByTestId('notice-kinds').waitFor();
      expect(await page.getByTestId('switch-price-push').count()).toBe(1);
      if (language === 'ar')
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `notifications-${language}.png`) });

      // The device's subscription, as the browser would hand it to the app.
      const device = push.device(`phone-${language}`);
      const subscribed = await callFromPage(page, '/api/push/subscribe', device);
      expect(subscribed).toMatchObject({ code: 1, data: { push_devices: 1 } });
      // The alert, from the chart: a tap on its price scale opens the sheet at that price;
      // Bid, Above and the level 1.08600 are chosen.
      await app.open('/trade');
      await page.getByTestId('instrument-picker').click();
      await page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
      await expect.poll(() => page.getByTestId('trade-code').textContent()).toBe('EURUSD');
      // Once the chart has its candles and the bell its sheet's code: a trader taps then.
      await expect
        .poll(() => page.getByTestId('candle-chart').getAttribute('data-bars'), { timeout: 10_000 })
        .not.toBe('0');
      await page.getByTestId('alert-action').waitFor();
      const chart = (await page.getByTestId('candle-chart').boundingBox())!;
      const sheet = page.getByTestId('alert-sheet');
      // A tap in the first moment the chart is up may go unanswered: the trader taps again.
      await expect
        .poll(
          async () => {
            if ((await sheet.count()) === 0)
              await page.mouse.click(chart.x + chart.width - 10, chart.y + chart.height * 0.4);
            return sheet.count();
          },
          { timeout: 10_000, interval: 700 },
        )
        .toBe(1);
      // Above, whichever side of the bid the tap was.
      await sheet.locator('.alert-condition .adm-selector-item').first().click();
      await sheet.getByTestId('alert-price').locator('input').fill('1.08600');
      await sheet.getByTestId('alert-save').click();
      await expect.poll(() => sheet.getByTestId('alert-row').count()).toBe(1);
      const created = { data: (await callFromPage(page, '/api/alerts')).data.data[0] };
      expect(created.data).toMatchObject({ side: 'bid', condition: 'above', price: 1.086 });
      const before = push.received.length;
      market.setBid('EURUSD', 1.0862);
      await expect.poll(() => push.received.length, { timeout: 10_000 }).toBe(before + 1);
      expect(push.errors).toEqual([]);
      const message = push.received.at(-1)!.message;
      expect(message).toMatchObject({ url: '/mine/alerts', kind: 'price' });
      expect(message.title).toMatch(TITLES[language]);

      // The service worker shows it, with the screen a tap opens.
      const registration = await registrationOf(app);
      await registration.cdp.send('ServiceWorker.deliverPushMessage', {
        origin: registration.origin,
        registrationId: registration.id,
        data: JSON.stringify(message),
      });
      const shown = async () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url?: string } | null)?.url,
          })),
        );
      await expect
        .poll(shown, { timeout: 5_000 })
        .toEqual([
          { title: message.title, body: message.body, tag: message.tag, url: '/mine/alerts' },
        ]);

      // In the app too: the bell counts it and the notice list shows it with the price it crossed.
      await app.open('/user');
      await expect
        .poll(() => page.getByTestId('notice-unread').textContent(), { timeout: 10_000 })
        .toBe('1');
      await app.open('/mine/notices');
      const row = page.getByTestId('alert-notice');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.first().getAttribute('data-key')).toBe(`alert:${created.data.id}:1`);
      expect(
        (await row.first().getByTestId('alert-notice-crossed').textContent())?.replace(
          /[\u2066-\u2069]/g,
          '',
        ),
      ).toMatch(/1\.0862/);
      await page.waitForTimeout(5_500); // the toast gone, for the list's picture
      await page.screenshot({ path: path.join(SHOTS, `notices-alert-${language}.png`) });
      await page.context().close();
    },
    120_000,
  );
});
