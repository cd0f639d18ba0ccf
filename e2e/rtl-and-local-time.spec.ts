import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/** Where `text` starts on screen inside `locator` (its first occurrence): left edge, px. */
async function leftOf(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${wanted}" is not in ${element.textContent}`);
  }, text);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes on screen share any point. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

/** How many lines a button's words take. */
async function linesOf(button: Locator): Promise<number> {
  return button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/**
 * Init script: keeps what the page's canvases show written, where (device pixels) and on which
 * canvas, so that a journey can read the chart's labels as a trader does. A canvas wiped
 * whole (each drawing of the chart starts so) forgets what it showed.
 */
function recordCanvasText(): void {
  type Written = { canvas: HTMLCanvasElement; text: string };
  const shown: Written[] = [];
  Object.assign(window, { canvasTexts: shown });
  const context = CanvasRenderingContext2D.prototype;
  const wipedBy = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) => {
    const at = ctx.getTransform();
    const [left, top] = [at.a * x + at.e, at.d * y + at.f];
    if (
      left > 0 ||
      top > 0 ||
      left + at.a * w < ctx.canvas.width ||
      top + at.d * h < ctx.canvas.height
    )
      return;
    for (let i = shown.length - 1; i >= 0; i--)
      if (shown[i]?.canvas === ctx.canvas) shown.splice(i, 1);
  };
  const { clearRect, fillRect, fillText } = context;
  context.clearRect = function (x, y, w, h) {
    wipedBy(this, x, y, w, h);
    return clearRect.call(this, x, y, w, h);
  };
  context.fillRect = function (x, y, w, h) {
    if (this.globalCompositeOperation === 'copy') wipedBy(this, x, y, w, h);
    return fillRect.call(this, x, y, w, h);
  };
  context.fillText = function (text, x, y, maxWidth) {
    const at = this.getTransform();
    shown.push({
      canvas: this.canvas,
      text: String(text),
      x: at.a * x + at.e,
      y: at.d * y + at.f,
      width: at.a * this.measureText(String(text)).width,
      height: at.d * Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 0),
      align: this.textAlign,
    } as Written);
    return fillText.call(this, text, x, y, maxWidth);
  };
}

interface ChartLabels {
  /** Time-axis labels reaching past the axis's ends. */
  timeCut: string[];
  /** Price-axis labels reaching past its top or bottom. */
  priceCut: string[];
  /** Every text the chart shows. */
  texts: string[];
}

/** The labels the chart shows (after a moment for it to settle). */
async function readChart(page: Page): Promise<ChartLabels> {
  await page.waitForTimeout(600);
  return page.evaluate(() => {
    type Written = {
      canvas: HTMLCanvasElement;
      text: string;
      x: number;
      y: number;
      width: number;
      height: number;
      align: string;
    };
    const chart = document.querySelector('[data-testid=candle-chart]')!;
    const shown = (window as unknown as { canvasTexts: Written[] }).canvasTexts.filter((item) =>
      chart.contains(item.canvas),
    );
    // lightweight-charts lays itself out as a table: panes and price axes above, time axis below.
    const rows = [...chart.querySelectorAll('tr')];
    const priceAxis = rows[0]?.lastElementChild;
    const timeAxis = [...(rows.at(-1)?.children ?? [])].sort(
      (a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width,
    )[0];
    const timeCut = shown
      .filter((label) => timeAxis?.contains(label.canvas))
      .filter((label) => {
        const left = label.align === 'center' ? label.x - label.width / 2 : label.x;
        return left < -1 || left + label.width > label.canvas.width + 1;
      })
      .map((label) => label.text);
    const priceCut = shown
      .filter((label) => priceAxis?.contains(label.canvas))
      .filter((l) => l.y - l.height / 2 < -1 || l.y + l.height / 2 > l.canvas.height + 1)
      .map((label) => label.text);
    return { timeCut, priceCut, texts: shown.map((item) => item.text) };
  });
}

/** The crosshair's time: the one label the chart writes with a zone. */
function crosshairText(labels: ChartLabels): string | undefined {
  return labels.texts.find((text) => text.includes('GMT') || text.includes('NY'));
}

/** Every label on the chart whole, once it has drawn the period's candles. */
async function expectWholeLabels(page: Page, period: string): Promise<void> {
  await expect
    .poll(() => readChart(page), { timeout: 10_000, message: `labels cut on ${period}` })
    .toMatchObject({ timeCut: [], priceCut: [] });
  // Drawn at all: the check above holds of an empty chart too.
  expect((await readChart(page)).texts.length).toBeGreaterThan(5);
}

/** A phone in Hong Kong (GMT+8), the server in UTC: its times must come out in GMT+8. */
async function phoneInHongKong(browser: Browser, baseUrl: string): Promise<MobileApp> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Hong_Kong',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  return new MobileApp(page, baseUrl);
}

/** Buys 0.01 lot of EURUSD through the API with the session the app stored. */
async function buyEurusd(page: Page): Promise<void> {
  const code = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('tradedesk.session') ?? '{}').state?.token;
    const headers = { authorization: token, lang: 'en', 'content-type': 'application/json' };
    const list = await (await fetch('/v1/api/forex/trade_list?page=1', { headers })).json();
    const rows: any[] = Array.isArray(list.data) ? list.data : list.data.data;
    const eurusd = rows.find((row) => row.Code === 'EURUSD');
    const body = {
      type: 1,
      cont: '0.01',
      forex_id: eurusd.Id,
      status: 1,
      multiple: eurusd.HasForexMultiple[0]?.Value ?? 0,
    };
    const answer = await fetch('/v1/api/forex/submit', {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return (await answer.json()).code;
  });
  expect(code).toBe(1);
}

// Issue 25 items 10 and 11 at 390×844: Arabic keeps each sign, percent and date in reading
// order, and every time is the trader's own, labelled, except the chart's (New York, said).
describe('figures and times in the trader’s language and zone at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    // Tuesday 2026-11-03 15:00 UTC (23:00 in Hong Kong): every market is open.
    platform = await startPlatform({ at: Date.UTC(2026, 10, 3, 15, 0) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('reads signs, percents and dates left to right in Arabic, times in GMT+8, the chart in New York time', async () => {
    const app = await phoneInHongKong(browser, platform.baseUrl);
    const { page } = app;
    await app.chooseLanguage('ar');
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');

    // A change on the markets list: its sign on the left of the digits, its % on the right
    // (unisolated, Arabic text shows "-0.12%" as "0.12%-").
    const change = page.locator('.market-change').first();
    await expect.poll(() => change.textContent()).toMatch(/\d\.\d\d%/);
    const text = (await change.textContent()) ?? '';
    const digits = /\d/.exec(text)![0];
    if (/[-+]/.test(text)) {
      expect(await leftOf(change, text.includes('-') ? '-' : '+')).toBeLessThan(
        await leftOf(change, digits),
      );
    }
    expect(await leftOf(change, '%')).toBeGreaterThan(await leftOf(change, digits));
    await app.screenshot('rtl-markets-ar');

    // The chart's clock is New York's, and it says so.
    await app.open('/trade');
    await expect
      .poll(() => page.getByTestId('chart-zone-note').textContent())
      .toBe('بتوقيت نيويورك');

    // An order opened at 15:00 UTC reads 23:00 GMT+8, the date first from the left.
    await buyEurusd(page);
    await app.open('/order');
    const time = page.getByTestId('order-time').first();
    await expect.poll(() => time.textContent()).toMatch(/^\u20662026-11-03 23:0\d GMT\+8\u2069$/);
    expect(await leftOf(time, '2026')).toBeLessThan(await leftOf(time, 'GMT+8'));
    await app.screenshot('rtl-orders-ar');

    // The same in English: no "UTC", the trader's zone named.
    await app.chooseLanguage('en');
    await app.open('/order');
    await expect.poll(() => time.textContent()).toMatch(/^2026-11-03 23:0\d GMT\+8$/);
    await app.open('/trade');
    await expect
      .poll(() => page.getByTestId('chart-zone-note').textContent())
      .toBe('New York time');
  });

  // Issue 37 item 8 at 390×844: in Arabic nothing covers the order number, names are cut at
  // their end, buttons keep one line; the chart speaks the reader's language and its labels
  // are whole, in Arabic and in Chinese.
  it('lays Arabic and Chinese out whole: sheet, names, buttons and the chart’s labels', async () => {
    const app = await phoneInHongKong(browser, platform.baseUrl);
    const { page } = app;
    await page.addInitScript(recordCanvasText);
    await app.chooseLanguage('ar');

    // A visitor's "Log in" on the home page and the login form's keep one line.
    await app.open('/');
    const visitorLogin = page.locator('.home-cta .adm-button');
    await visitorLogin.waitFor();
    expect(await linesOf(visitorLogin)).toBe(1);
    await app.open('/login');
    const submit = page.locator('.auth-form button[type=submit]');
    await submit.waitFor();
    expect(await linesOf(submit)).toBe(1);
    await app.screenshot('rtl-login-ar');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');

    // Names translated, each readable from its start (a Latin one in Arabic was cut there).
    await app.open('/product');
    await page.locator('.product-search input').fill('USD');
    const names = page.locator('[data-testid=search-results] .market-name');
    await expect.poll(() => names.count()).toBeGreaterThan(10);
    expect(
      await page
        .locator('[data-testid=search-results] .market-row[data-code=USDJPY] .market-name')
        .textContent(),
    ).toBe('دولار أمريكي / ين ياباني');
    const cutAtStart = await names.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const range = document.createRange();
          range.setStart(element.firstChild!, 0);
          range.setEnd(element.firstChild!, 1);
          const first = range.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return first.left < box.left - 0.5 || first.right > box.right + 0.5;
        })
        .map((element) => element.textContent),
    );
    expect(cutAtStart).toEqual([]);
    await app.screenshot('rtl-product-ar');

    // The chart: the New York note clear of the prices, every label whole, on each period.
    await app.open('/trade');
    await page.getByTestId('instrument-picker').click();
    await page.locator('.picker-row[data-code=USDJPY]').click();
    const chart = page.getByTestId('candle-chart');
    await expect.poll(async () => Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(0);
    const priceAxis = chart.locator('tr').first().locator('td').last();
    expect(overlap(await boxOf(page.getByTestId('chart-zone-note')), await boxOf(priceAxis))).toBe(
      false,
    );
    for (const [label, period] of [
      ['15M', '15min'],
      ['1H', '60min'],
      ['1D', '1day'],
    ] as const) {
      await page.locator(`[data-period="${period}"]`).click();
      await expect
        .poll(async () => Number(await chart.getAttribute('data-bars')))
        .toBeGreaterThan(0);
      await expectWholeLabels(page, label);
      await app.screenshot(`rtl-chart-${label}-ar`);
    }
    // The crosshair's time in Arabic, with New York's offset.
    await page.locator('[data-period="15min"]').click();
    await expectWholeLabels(page, '15M');
    const chartBox = await boxOf(chart);
    await page.mouse.move(chartBox.x + chartBox.width / 2, chartBox.y + chartBox.height / 2);
    await expect
      .poll(async () => crosshairText(await readChart(page)))
      .toMatch(
        /^\d\d (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) 2026 \d\d:\d\d GMT-[45]$/,
      );
    await app.screenshot('rtl-chart-crosshair-ar');

    // The position sheet's close button clear of the order number.
    await buyEurusd(page);
    await app.open('/order');
    await page.getByTestId('order-card').first().click();
    const sheet = page.getByTestId('order-detail');
    await sheet.waitFor();
    const close = page.locator('.order-detail .adm-popup-close-icon');
    await page.waitForTimeout(400);
    expect(overlap(await boxOf(close), await boxOf(sheet.locator('h2 small')))).toBe(false);
    expect(await sheet.locator('h2 small').textContent()).toMatch(/^#\d+$/);
    await app.screenshot('rtl-position-ar');

    // In Chinese: the last time on 15M whole, the crosshair in Chinese.
    await app.chooseLanguage('hk');
    await app.open('/trade');
    await page.locator('[data-period="15min"]').click();
    await expect.poll(async () => Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(0);
    for (const [label, period] of [
      ['1D', '1day'],
      ['1H', '60min'],
      ['15M', '15min'],
    ] as const) {
      await page.locator(`[data-period="${period}"]`).click();
      await expectWholeLabels(page, label);
      await app.screenshot(`chart-${label}-hk`);
    }
    await page.mouse.move(chartBox.x + chartBox.width / 3, chartBox.y + chartBox.height / 2);
    await expect
      .poll(async () => crosshairText(await readChart(page)))
      .toMatch(/^2026年\d{1,2}月\d\d日 \d\d:\d\d GMT-[45]$/);
    await app.screenshot('chart-crosshair-hk');
    // Over a day candle, the day alone (its clock would be a meaningless 00:00).
    await page.locator('[data-period="1day"]').click();
    await expectWholeLabels(page, '1D');
    await page.mouse.move(chartBox.x + chartBox.width / 2, chartBox.y + chartBox.height / 2);
    await expect
      .poll(async () => (await readChart(page)).texts.filter((text) => text.includes('年')))
      .toContainEqual(expect.stringMatching(/^2026年\d{1,2}月\d\d日$/));
    await page.context().close();
  });
});
