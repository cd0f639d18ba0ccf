import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';

/** Copies for the reviewer of this part, beside the usual e2e/screenshots. */
const SHOTS = process.env.RANK_SHOTS ?? '/tmp/rank-shots';

interface Row {
  rank: number;
  user: string;
  three_week_win: number;
  three_week_rate: number;
}

async function shoot(app: MobileApp, name: string): Promise<void> {
  await app.screenshot(name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await app.page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A visitor's phone at 390×844 in a language (hk is the default: nothing to choose). */
async function visitor(browser: Browser, platform: RunningPlatform, language: string) {
  const { page } = await newPhone(browser);
  const app = new MobileApp(page, platform.baseUrl);
  if (language !== 'hk') await app.chooseLanguage(language);
  await app.open('/rank');
  await app.page.getByTestId('rank-row').first().waitFor();
  return app;
}

// The copy-trading ranking ("documentary") at 390×844, as the embedded default ships it: the
// sample traders replayed three weeks at start, and a visitor reads, sorts and taps them.
describe('copy-trading ranking at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let rows: Row[];

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
    // The bots replay in the background; the ranking refreshes when they are done.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await (await fetch(`${platform.baseUrl}/api/follow/list`)).json();
      rows = answer.data.data;
      if (rows.length === 4) break;
      if (Date.now() > deadline) throw new Error(`the ranking has ${rows.length} traders, not 4`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows the sample traders with the labels of SPEC.md §3, sorts them, and opens a trader’s profile (en)', async () => {
    const app = await visitor(browser, platform, 'en');
    const cards = app.page.getByTestId('rank-row');
    expect(await cards.count()).toBe(4);
    const first = cards.first();
    for (const label of [
      'Recent three-week profit rate',
      'Win rate',
      'Income',
      'Total profit rate',
      'Total orders',
      'Total followers',
      'Leverage',
      'Instrument',
    ])
      expect(await first.innerText()).toContain(label);
    // By the server's ranking first: the best time-weighted return on top (issue 37).
    expect(await first.innerText()).toContain(rows[0]!.user);
    await shoot(app, 'rank-en');

    // Sorted by win rate: the highest win rate comes first.
    await app.page.locator('.adm-capsule-tabs-tab', { hasText: 'Win rate' }).click();
    const best = [...rows].sort((a, b) => b.three_week_win - a.three_week_win || a.rank - b.rank);
    await expect
      .poll(async () => (await cards.first().innerText()).includes(best[0]!.user))
      .toBe(true);
    expect(await cards.last().innerText()).toContain(best.at(-1)!.user);
    await shoot(app, 'rank-en-by-win-rate');

    // Tapping a row opens the trader's profile (issue 29), named as the row names it.
    const name = best.at(-1)!.user;
    await cards.last().click();
    await app.page.getByTestId('leader-figures').waitFor();
    expect(app.page.url()).toMatch(/\/trader\/\d+$/);
    expect(await app.page.getByTestId('leader-name').innerText()).toBe(name);
    expect(await app.page.getByTestId('leader-header').innerText()).toContain('Sample trader');
    await shoot(app, 'rank-en-profile');
  });

  it('reads in Chinese, the default language (hk)', async () => {
    const app = await visitor(browser, platform, 'hk');
    const text = await app.page.getByTestId('rank-page').innerText();
    for (const label of ['近三週收益率', '勝率', '收益', '總收益率', '總訂單數', '總跟隨人數'])
      expect(text).toContain(label);
    await shoot(app, 'rank-hk');
    await app.page.getByTestId('rank-row').nth(1).click();
    await app.page.getByTestId('leader-figures').waitFor();
    expect(await app.page.getByTestId('leader-page').innerText()).toContain('跟單');
    await shoot(app, 'rank-hk-profile');
  });

  it('lays out right to left in Arabic (ar)', async () => {
    const app = await visitor(browser, platform, 'ar');
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await app.page.getByTestId('rank-page').innerText()).toContain(
      'معدل الربح في الأسابيع الثلاثة الأخيرة',
    );
    await shoot(app, 'rank-ar');
    await app.page.getByTestId('rank-row').first().click();
    await app.page.getByTestId('leader-figures').waitFor();
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shoot(app, 'rank-ar-profile');
  });
});
