import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { callFromPage, plain } from './support/page-api.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import type { SteeredMarket } from './support/steered-market.ts';
import { demoPhone } from './support/traders.ts';

/** Pictures of the new sheets and states, looked at by a person (gitignored). */
const SHOTS = path.resolve('.tmp/shots');

/** A call of the API from inside the page, with the session the app stored. */
async function apiFromPage(page: Page, url: string, body?: object): Promise<any> {
  const answer = await callFromPage(page, url, body);
  if (answer.code !== 1) throw new Error(`${url}: ${answer.msg}`);
  return answer.data;
}

const orders = async (page: Page, status: 0 | 1 | 3) =>
  (await apiFromPage(page, `/v1/api/forex/my_deal?status=${status}&page=1`)).data as any[];

/**
 * Once no toast is on screen and the bottom sheets have slid up (the instrument drawer, closed
 * to the side, is no sheet of these pictures): a still picture.
 */
async function still(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const sheets = [
      ...document.querySelectorAll<HTMLElement>('.adm-popup-body-position-bottom'),
    ].filter((sheet) => sheet.checkVisibility());
    return (
      !document.querySelector('.adm-toast-main') &&
      sheets.every((sheet) => /,\s*0%\)/.test(sheet.style.transform))
    );
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await still(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function openEurusd(app: MobileApp): Promise<void> {
  await app.open('/trade');
  await app.page.getByTestId('instrument-picker').click();
  await app.page.locator('.picker-row', { hasText: 'EURUSD' }).first().click();
  await expect.poll(() => app.page.getByTestId('trade-code').textContent()).toBe('EURUSD');
}

/** Sends the order form and waits for its dialog; `view` goes to the orders, else stays. */
async function submitOrder(page: Page, view: boolean): Promise<void> {
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-success').waitFor();
  // The dialog's two buttons: "continue" then "view orders" (bold), in every language.
  await page
    .locator(view ? '.adm-dialog-button-bold' : '.adm-dialog-button')
    .first()
    .click();
  await expect.poll(() => page.locator('.adm-dialog').count()).toBe(0);
}

/** Sets the close slider to `steps` (from its least part), dragging its thumb as a finger would. */
async function dragSliderTo(page: Page, steps: number): Promise<void> {
  await still(page);
  const slider = page.getByTestId('close-slider');
  const { min, max, rtl } = await slider.evaluate((input: HTMLInputElement) => ({
    min: Number(input.min),
    max: Number(input.max),
    rtl: getComputedStyle(input).direction === 'rtl',
  }));
  const box = (await slider.boundingBox())!;
  // Chromium's thumb is 16 px wide: its centre runs from 8 px in to 8 px short of the end.
  const along = (value: number) => 8 + ((value - min) / (max - min)) * (box.width - 16);
  const x = (value: number) => (rtl ? box.x + box.width - along(value) : box.x + along(value));
  const y = box.y + box.height / 2;
  await page.mouse.move(x(Number(await slider.inputValue())), y);
  await page.mouse.down();
  await page.mouse.move(x(steps), y, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => slider.inputValue()).toBe(String(steps));
}

/** Tuesday 2026-11-03 10:00 New York: every market is open. */
const START = Date.UTC(2026, 10, 3, 15, 0);

describe('managing orders at 390×844', () => {
  let platform: RunningPlatform;
  let market: SteeredMarket;
  let browser: Browser;
  let startedAt = 0;

  /** A trader's phone whose clock reads the platform's (the server's clock starts at START). */
  async function phone(language: string): Promise<MobileApp> {
    const app = await demoPhone(browser, platform, language);
    await app.page.clock.setSystemTime(START + (Date.now() - startedAt));
    return app;
  }

  beforeAll(async () => {
    startedAt = Date.now();
    platform = await startPlatform({ at: START, steered: true });
    market = platform.market!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const TEXTS = {
    en: { closeOf: '0.05 of 0.10', partOf: 'Partial close of #', trailing: 'Trailing 0.00100' },
    ar: { closeOf: '0.05 من 0.10', partOf: 'إغلاق جزئي للمركز #', trailing: 'وقف متحرك 0.00100' },
  } as const;

  it.each(['en', 'ar'] as const)(
    'edits a pending order, closes half a position with the slider and watches a trailing stop follow the bid (%s)',
    async (language) => {
      const texts = TEXTS[language];
      // EURUSD held at 1.08500 / 1.08508 (8 points of spread): the journey moves it.
      market.setBid('EURUSD', 1.085);
      const app = await phone(language);
      const { page } = app;
      await openEurusd(app);

      // A Buy Limit at 1.08000 that expires at the end of today's session.
      await page.locator('.order-mode .adm-selector-item').nth(1).click();
      await page.getByTestId('order-target').locator('input').fill('1.08000');
      // The form's expiry and trailing stop, for the picture: a date and time and a trailing
      // stop; then sent with Today, without it.
      await page.locator('.expiry-choice .adm-selector-item').nth(2).click();
      await page.getByTestId('order-expiry-at').waitFor();
      await page.getByTestId('order-trailing-on').click();
      await page.getByTestId('order-trailing').locator('input').fill('0.00150');
      await page.getByTestId('order-trailing-field').scrollIntoViewIfNeeded();
      await page
        .getByTestId('order-form')
        .screenshot({ path: path.join(SHOTS, `order-form-${language}.png`) });
      await page.getByTestId('order-trailing-on').click();
      await page.locator('.expiry-choice .adm-selector-item').nth(1).click();
      await submitOrder(page, true);
      await app.waitForRoute('/order');
      const card = page.getByTestId('order-card');
      await expect.poll(() => card.count()).toBe(1);
      await card.first().getByTestId('order-card-expiry').waitFor();
      const [pending] = await orders(page, 0);
      expect(pending.ExpireTimeHandler).not.toBeNull();

      // Edit: a point down by the stepper, then typed; the reserve follows the price.
      await card.first().click();
      await page.getByTestId('edit-order').click();
      const sheet = page.getByTestId('edit-sheet');
      await sheet.waitFor();
      const price = sheet.getByTestId('edit-price').locator('input');
      expect(await price.inputValue()).toBe('1.08000');
      await sheet.getByTestId('edit-price-down').click();
      expect(await price.inputValue()).toBe('1.07999');
      await price.fill('1.07950');
      await expect
        .poll(async () => plain(await sheet.getByTestId('edit-reserve-new').textContent()))
        .not.toBe(plain(await sheet.getByTestId('edit-reserve-now').textContent()));
      await shoot(page, `edit-sheet-${language}`);
      await expectAccessible(page, `edit sheet (${language})`);
      await sheet.getByTestId('edit-save').click();
      await expect.poll(() => page.getByTestId('edit-sheet').count()).toBe(0);
      await expect.poll(async () => (await orders(page, 0))[0].OriginPrice).toBe(1.0795);
      await expect
        .poll(async () => plain(await page.getByTestId('order-detail').textContent()))
        .toContain('1.07950');
      await page.locator('.order-detail .adm-popup-close-icon').first().click();
      await expect.poll(() => page.getByTestId('order-detail').count()).toBe(0);

      // A market buy of 0.10 lot at the ask 1.08508.
      await openEurusd(app);
      await page.locator('.order-mode .adm-selector-item').nth(0).click();
      await page.getByTestId('order-lots').locator('input').fill('0.10');
      await submitOrder(page, false);
      await app.open('/order');
      await expect.poll(() => card.count()).toBe(1);
      const [position] = await orders(page, 1);
      expect(position).toMatchObject({ Quantity: 0.1, Price: 1.08508 });

      // The bid rises 100 points: half of it closes with the slider at +4.60 USD.
      market.setBid('EURUSD', 1.086);
      await expect
        .poll(async () => plain(await card.first().getByTestId('order-update-price').textContent()))
        .toContain('1.08600');
      await card.first().click();
      await page.getByTestId('close-order').click();
      const close = page.getByTestId('close-sheet');
      await close.waitFor();
      expect(plain(await close.getByTestId('close-lots').textContent())).toBe(
        texts.closeOf.replace('0.05', '0.10'),
      );
      await dragSliderTo(page, 5);
      expect(plain(await close.getByTestId('close-lots').textContent())).toBe(texts.closeOf);
      expect(plain(await close.getByTestId('close-price').textContent())).toBe('1.08600');
      expect(plain(await close.getByTestId('close-pnl').textContent())).toBe('+4.60');
      expect(plain(await close.getByTestId('close-remaining').textContent())).toBe('0.05');
      await shoot(page, `close-sheet-${language}`);
      await expectAccessible(page, `close sheet (${language})`);
      await close.getByTestId('close-confirm').click();
      await expect.poll(() => page.getByTestId('close-sheet').count()).toBe(0);
      await expect.poll(async () => (await orders(page, 1))[0]?.Quantity).toBe(0.05);
      const [part] = await orders(page, 3);
      expect(part).toMatchObject({ PartOf: position.Id, CloseReason: 'partial', FactProfits: 4.6 });
      // The detail stays open on what remains.
      await expect
        .poll(async () => plain(await page.getByTestId('order-detail').textContent()))
        .toContain('0.05');

      // A trailing stop 0.00100 behind the bid: the stop starts at 1.08500 …
      await page.getByTestId('detail-trailing-on').click();
      const distance = page.getByTestId('detail-trailing').locator('input');
      await distance.fill('0.00100');
      expect(plain(await page.getByTestId('detail-trailing-points').textContent())).toContain(
        '100',
      );
      await page.getByTestId('save-trailing').click();
      await expect.poll(async () => (await orders(page, 1))[0].TrailingDistance).toBe(0.001);
      await expect
        .poll(async () => plain(await page.getByTestId('detail-stop-loss').textContent()))
        .toBe('1.08500');
      await page.getByTestId('save-trailing').scrollIntoViewIfNeeded();
      await shoot(page, `trailing-detail-${language}`);
      await expectAccessible(page, `trailing stop (${language})`);
      await page.locator('.order-detail .adm-popup-close-icon').first().click();
      await expect.poll(() => page.getByTestId('order-detail').count()).toBe(0);
      const stop = card.first().getByTestId('order-card-sl');
      await expect
        .poll(async () => plain(await stop.textContent()), { timeout: 5_000 })
        .toBe('1.08500');
      expect(plain(await card.first().getByTestId('order-card-trailing').textContent())).toContain(
        texts.trailing,
      );
      // … and follows the bid up, live, without a reload; a fall leaves it where it is.
      // (The server stores a move within a second, and the next push carries it.)
      market.setBid('EURUSD', 1.0865);
      await expect
        .poll(async () => plain(await stop.textContent()), { timeout: 5_000 })
        .toBe('1.08550');
      market.setBid('EURUSD', 1.0862);
      await expect
        .poll(async () => plain(await card.first().getByTestId('order-update-price').textContent()))
        .toContain('1.08620');
      expect(plain(await stop.textContent())).toBe('1.08550');
      await card.first().getByTestId('order-card-trailing').waitFor();
      await expect
        .poll(async () =>
          plain(await card.first().getByTestId('order-card-trailing').textContent()),
        )
        .toMatch(/\d\d:\d\d:\d\d GMT/);
      await shoot(page, `trailing-position-${language}`);
      expect((await orders(page, 1))[0].TargetLossPrice).toBe(1.0855);

      // History: the part closed, named as such.
      await page.locator('.adm-tabs-tab').nth(2).click();
      const history = page.getByTestId('order-card');
      await expect.poll(() => history.count()).toBe(1);
      await page.waitForTimeout(400); // the tab's underline come to rest, for the picture
      expect(plain(await history.first().getByTestId('order-card-part').textContent())).toBe(
        `${texts.partOf}${position.Id}`,
      );
      await shoot(page, `history-partial-${language}`);
      await page.context().close();
    },
    150_000,
  );

  it.each(['en', 'ar'] as const)(
    'shows the margin call in red when the margin level falls below it (%s)',
    async (language) => {
      market.setBid('EURUSD', 1.085);
      const app = await phone(language);
      const { page } = app;
      // 40 lots at 1:50: 86 800 USD of margin on 100 000, a margin level of about 115 %.
      await apiFromPage(page, '/v1/api/forex/submit', {
        type: 1,
        cont: '40',
        forex_id: market.instrument('EURUSD').id,
        status: 1,
        multiple: 50,
      });
      await app.open('/order');
      await expect
        .poll(async () => plain(await page.getByTestId('summary-margin-level').textContent()))
        .toMatch(/^1\d\d\.\d\d%$/);
      expect(await page.getByTestId('summary-margin-call').count()).toBe(0);
      // 40 points down: about 16 000 USD lost, the level under 100 %.
      market.setBid('EURUSD', 1.0811);
      await page.getByTestId('summary-margin-call').waitFor();
      const level = plain(await page.getByTestId('summary-margin-level').textContent());
      expect(Number(level.replace(/[,%]/g, ''))).toBeLessThan(100);
      // MARGIN_CALL tells it once, wherever the trader is: a toast that names the stop-out price.
      const toast = page.getByTestId('margin-call-toast');
      await toast.waitFor({ timeout: 10_000 });
      expect(plain(await toast.textContent())).toContain('EURUSD');
      await page.screenshot({ path: path.join(SHOTS, `margin-call-toast-${language}.png`) });
      await expect.poll(() => toast.count(), { timeout: 10_000 }).toBe(0);
      await shoot(page, `margin-call-${language}`);
      await expectAccessible(page, `margin call (${language})`);
      await app.open('/user');
      await page.getByTestId('account-margin-call').waitFor();
      await shoot(page, `margin-call-user-${language}`);
      await page.context().close();
    },
    90_000,
  );
});
