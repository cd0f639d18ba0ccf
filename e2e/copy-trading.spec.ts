import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@tradedesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeader, type Leader } from './support/leader.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { settled } from './support/still.ts';
import { demoPhone } from './support/traders.ts';

/** Copies for the reviewer of this part, beside the usual e2e/screenshots. */
const SHOTS = process.env.COPY_SHOTS ?? '/tmp/copy-trading-shots';

const LEADER = { email: 'copyleader@example.com', password: 'leader-pass' };
const FINANCE = { email: 'copy-cashier@example.com', password: 'cashier-pass' };
/** The leader's lots: 0.55 × 500 / ≈5 000 of equity is 0.055, a copy of 0.05 lots. */
const LEADER_LOTS = '0.55';
const COPY_LOTS = 0.05;

/** What each language's screen says, as the journey checks it. */
const WORDS = {
  en: { copying: 'Copying', stopped: 'Stopped', confirmStop: 'Stop copying' },
  ar: { copying: 'قيد النسخ', stopped: 'متوقف', confirmStop: 'إيقاف النسخ' },
} as const;
type Language = keyof typeof WORDS;

/** A figure as read off the screen: in Arabic each is one left-to-right unit (LRI … PDI). */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

/** Micro-USD from a wire number, exactly (the wire carries at most 6 decimals). */
const micros = (value: number) => BigInt(Math.round(value * 1e6));

async function shoot(app: MobileApp, name: string): Promise<void> {
  await settled(app.page);
  await app.screenshot(name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await app.page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A call of the API from inside the page, with the session the app stored. */
async function apiFromPage<T>(page: Page, apiPath: string): Promise<T> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(localStorage.getItem('tradedesk.session') ?? '{}');
    const response = await fetch(`${url}?t=${Date.now()}`, {
      headers: { authorization: session.state?.token ?? '', lang: 'en' },
    });
    return (await response.json()).data;
  }, apiPath);
}

// Copy trading end to end at 390×844 (issue 29): a demo follower goes from the ranking to a
// leader's profile, copies it with 500 USD, watches the leader's next market order appear in
// the copy live (at the leader's fill price, in proportion), and stops copying — the position
// closes at market and the copy's equity returns to the balance, to the cent.
//
// Deterministic on purpose: the leader is this test's own trader, trading through the API with
// its own session, not a sample trader (the bots trade on their own schedule, so they are
// off here), and the clock starts on a Tuesday afternoon in New York, when EURUSD trades.
describe('copy trading at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let leader: Leader;
  let leaderRow: { id: number; user: string };

  beforeAll(async () => {
    platform = await startPlatform({
      at: Date.UTC(2026, 10, 3, 19, 0),
      env: { SAMPLE_TRADERS: 'false' },
    });
    browser = await launchBrowser();
    leader = await createLeader(platform, LEADER, FINANCE);
    // Nobody is listed or copyable without opting in (issue 36); the consent page's own
    // journey is copy-consent.spec.ts.
    await leader.consent({ listed: 1, copyable: 1 });
    // The ranking refreshes every minute: the leader's first closed position shows at the
    // next refresh after it.
    const deadline = Date.now() + 75_000;
    for (;;) {
      const ranking = await (await fetch(`${platform.baseUrl}${ROUTES.followList.path}`)).json();
      const row = (ranking.data.data as { id: number; user: string }[]).find(
        (r) => r.id === leader.id,
      );
      if (row) {
        leaderRow = row;
        break;
      }
      if (Date.now() > deadline) throw new Error('the leader never reached the ranking');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  /** A demo follower's phone in a language, logged in (100 000 demo USD). */
  const follower = (language: Language): Promise<MobileApp> =>
    demoPhone(browser, platform, language);

  it.each(['en', 'ar'] as const)(
    'copies a leader from the ranking, mirrors its trade live and stops (%s)',
    async (language) => {
      const words = WORDS[language];
      const app = await follower(language);
      const { page } = app;
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );

      // The ranking, then the leader's profile.
      await app.open('/rank');
      const row = page.getByTestId('rank-row').filter({ hasText: leaderRow.user });
      await row.waitFor();
      await shoot(app, `copy-rank-${language}`);
      await row.click();
      await app.waitForRoute(`/trader/${leader.id}`);
      expect(await page.getByTestId('leader-name').innerText()).toBe(leaderRow.user);
      await page.getByTestId('leader-figures').waitFor();
      await shoot(app, `copy-profile-${language}`);

      // The copy sheet: 500 USD, the default 40 % copy stop-loss stops it at 300 USD.
      await page.getByTestId('copy-open-sheet').click();
      await page.getByTestId('copy-sheet').waitFor();
      await expect
        .poll(() => page.getByTestId('copy-available').innerText())
        .toContain('100,000.00 USD');
      await page.locator('#copy-amount').fill('500');
      expect(await page.getByTestId('copy-stop-equity').innerText()).toContain('300.00 USD');
      await shoot(app, `copy-sheet-${language}`);
      await page.getByTestId('copy-confirm').click();
      await app.waitForRoute('/copies');
      const card = page.getByTestId('copy-card').first();
      await expect.poll(() => card.getByTestId('copy-status').innerText()).toBe(words.copying);
      expect(await card.getByTestId('copy-amount').innerText()).toContain('500.00 USD');
      const afterCopy = await apiFromPage<{ balance: number }>(page, ROUTES.forexDetail.path);
      expect(micros(afterCopy.balance)).toBe(micros(99_500));

      // The leader buys at market with its own session: the copy takes 0.05 lots at the
      // leader's own fill price, on screen within a poll or two.
      const order = await leader.buy(LEADER_LOTS);
      const position = card.getByTestId('copy-position');
      await position.waitFor({ timeout: 15_000 });
      const cells = (await position.locator('td').allInnerTexts()).map(plain);
      expect(cells[0]).toContain('EURUSD');
      expect(Number(cells[1])).toBe(COPY_LOTS);
      expect(cells[2]?.split('\n')[0]).toBe(
        order.Price.toFixed(order.ForexTradeLists.PricePrecision),
      );
      expect(await card.getByTestId('copy-counts').innerText()).toContain('1 / 0');
      await shoot(app, `copy-mirrored-${language}`);

      // Stop copying: asked first, then the position closes at market and the equity returns.
      await card.getByTestId('copy-stop').click();
      await page.getByTestId('stop-confirm-text').waitFor();
      await shoot(app, `copy-stop-dialog-${language}`);
      await page.locator('.adm-dialog-button', { hasText: words.confirmStop }).click();
      const stopped = page.locator('[data-testid=copy-card][data-status=stopped]').first();
      await stopped.waitFor();
      await page.locator('.adm-dialog').waitFor({ state: 'detached' });
      expect(await stopped.getByTestId('copy-status').innerText()).toBe(words.stopped);
      await expect.poll(() => stopped.getByTestId('copy-position').count()).toBe(0);
      await shoot(app, `copy-stopped-${language}`);

      const copies = await apiFromPage<{ data: { returned: number; stop_reason: string }[] }>(
        page,
        ROUTES.myCopies.path,
      );
      const [copy] = copies.data;
      expect(copy?.stop_reason).toBe('user');
      expect(copy?.returned).toBeGreaterThan(400);
      const afterStop = await apiFromPage<{ balance: number }>(page, ROUTES.forexDetail.path);
      expect(micros(afterStop.balance)).toBe(micros(99_500) + micros(copy?.returned ?? 0));

      // The leader closes its own position, for the next journey to start from nothing open.
      await leader.close(order);
    },
  );
});
