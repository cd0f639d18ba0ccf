import fs from 'node:fs';
import path from 'node:path';
import { type LeaderSettings, ROUTES } from '@tradedesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeader, getJson, type Leader } from './support/leader.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { settled } from './support/still.ts';
import { demoPhone, loggedInPhone } from './support/traders.ts';

/** Copies for the reviewer of this part, beside the usual e2e/screenshots. */
const SHOTS = process.env.CONSENT_SHOTS ?? '/tmp/copy-consent-shots';

const LEADER = { email: 'consent-leader@example.com', password: 'leader-pass' };
const FINANCE = { email: 'consent-cashier@example.com', password: 'cashier-pass' };
/** 0.55 lots of the leader's ≈5 000 USD of equity is 0.05 lots in a 500 USD copy. */
const LEADER_LOTS = '0.55';

type Language = 'en' | 'ar';
/** The app's own words in a language, as the screen shows them. */
const words = (language: Language): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.resolve(`packages/web/src/i18n/locales/${language}.json`), 'utf8'),
  );

async function shoot(app: MobileApp, name: string): Promise<void> {
  await settled(app.page);
  // The switches slide for 0.2 s after a tap: the picture shows where they came to rest.
  await app.page.waitForTimeout(300);
  await app.screenshot(name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await app.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const isOn = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).getAttribute('aria-checked')) === 'true';

// Consent to copy trading end to end at 390×844 (issue 36): a real trader, off the ranking by
// default, opts in on the page under the user menu — first listed only, which a demo follower
// sees as a profile that takes no new copiers, then copyable too — and the follower copies
// them. The trader then opts out of both: they leave the ranking at once and their profile
// answers as an unknown id does, while the follower's running copy goes on mirroring their
// trades until the follower stops it (as eToro does).
//
// As copy-trading.spec.ts: the leader is this test's own trader, the sample traders are off,
// and the clock starts on a Tuesday afternoon in New York, when EURUSD trades.
describe('copy-trading consent at 390×844', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let leader: Leader;

  const settingsOf = () =>
    getJson<LeaderSettings>(platform, ROUTES.followSettings.path, leader.token);

  beforeAll(async () => {
    platform = await startPlatform({
      at: Date.UTC(2026, 10, 3, 19, 0),
      env: { SAMPLE_TRADERS: 'false' },
    });
    browser = await launchBrowser();
    leader = await createLeader(platform, LEADER, FINANCE);
    // The ranking computes figures every minute: wait until it has the leader's, so that opting
    // in shows them at once (the page says "you appear once you have closed a position" before).
    const deadline = Date.now() + 75_000;
    while ((await settingsOf()).ranked !== 1) {
      if (Date.now() > deadline) throw new Error('the ranking never had figures for the leader');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  /** The leader's masked name in the ranking, once it lists them. */
  async function rankedName(): Promise<string> {
    await expect
      .poll(async () => {
        const ranking = await (await fetch(`${platform.baseUrl}${ROUTES.followList.path}`)).json();
        return (ranking.data.data as { id: number }[]).some((r) => r.id === leader.id);
      })
      .toBe(true);
    const ranking = await (await fetch(`${platform.baseUrl}${ROUTES.followList.path}`)).json();
    return (ranking.data.data as { id: number; user: string }[]).find((r) => r.id === leader.id)!
      .user;
  }

  /** A demo follower's phone in a language, logged in (100 000 demo USD). */
  const follower = (language: Language): Promise<MobileApp> =>
    demoPhone(browser, platform, language);

  /** Taps Save on the consent page and reads the toast that says it saved. */
  async function save(app: MobileApp, saved: string): Promise<void> {
    // No toast of an earlier save on screen, so that the one read is this save's.
    await settled(app.page);
    await app.page.getByTestId('consent-save').click();
    expect(await app.toast()).toBe(saved);
  }

  it.each(['en', 'ar'] as const)(
    'opts in, is copied, opts out: gone from the ranking, the copy goes on (%s)',
    async (language) => {
      const text = words(language);
      const leaderApp = await loggedInPhone(
        browser,
        platform,
        LEADER.email,
        LEADER.password,
        language,
      );
      const { page } = leaderApp;
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );

      // The page under the user menu: both off, copyable locked until listed.
      await leaderApp.open('/user');
      await page.getByTestId('menu-copy-consent').click();
      await leaderApp.waitForRoute('/mine/copy-consent');
      await page.getByTestId('consent-status').waitFor();
      expect(await isOn(page, 'consent-listed')).toBe(false);
      expect(await isOn(page, 'consent-copyable')).toBe(false);
      expect(await page.getByTestId('consent-copyable').getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('consent-listed-points').innerText()).toContain(
        text['consent.listed_positions'],
      );
      await shoot(leaderApp, `consent-off-${language}`);

      // Listed only: in the ranking with a profile, but taking no new copiers.
      await page.getByTestId('consent-listed').click();
      await save(leaderApp, text['consent.saved']!);
      const name = await rankedName();
      const followerApp = await follower(language);
      const fpage = followerApp.page;
      await followerApp.open('/rank');
      const row = fpage.getByTestId('rank-row').filter({ hasText: name });
      await row.click();
      await followerApp.waitForRoute(`/trader/${leader.id}`);
      expect(await fpage.getByTestId('copy-unavailable').innerText()).toBe(
        text['copy.closed_to_new'],
      );
      expect(await fpage.getByTestId('copy-open-sheet').count()).toBe(0);
      await shoot(followerApp, `consent-profile-closed-${language}`);

      // Copyable too: the follower, on a fresh look at the profile, copies with 500 USD.
      await page.getByTestId('consent-copyable').click();
      expect(await isOn(page, 'consent-copyable')).toBe(true);
      await save(leaderApp, text['consent.saved']!);
      expect(await page.getByTestId('consent-changed-at').innerText()).toMatch(/2026-11-0[34]/);
      await shoot(leaderApp, `consent-on-${language}`);
      const demoBefore = (await settingsOf()).demo_followers;
      await fpage.reload();
      await fpage.getByTestId('copy-open-sheet').click();
      await fpage.getByTestId('copy-sheet').waitFor();
      await expect
        .poll(() => fpage.getByTestId('copy-available').innerText())
        .toContain('100,000.00 USD');
      await fpage.locator('#copy-amount').fill('500');
      await fpage.getByTestId('copy-confirm').click();
      await followerApp.waitForRoute('/copies');
      const card = fpage.locator('[data-testid=copy-card][data-status=active]').first();
      await card.waitFor();

      // The trader sees a demo copier, counted apart from the real ones.
      await page.reload();
      await expect
        .poll(async () =>
          (await page.getByTestId('consent-demo-followers').innerText()).replace(/\D/g, ''),
        )
        .toBe(String(demoBefore + 1));
      expect((await page.getByTestId('consent-followers').innerText()).replace(/\D/g, '')).toBe(
        '0',
      );
      await shoot(leaderApp, `consent-followed-${language}`);

      // Opting out of the ranking takes copyable with it.
      await page.getByTestId('consent-listed').click();
      expect(await isOn(page, 'consent-copyable')).toBe(false);
      await save(leaderApp, text['consent.saved']!);
      expect(await settingsOf()).toMatchObject({ listed: 0, copyable: 0 });
      await shoot(leaderApp, `consent-opted-out-${language}`);

      // Gone from the ranking at once, and the profile answers as an unknown id does.
      await followerApp.open('/rank');
      await fpage.getByTestId('rank-empty').waitFor();
      expect(await fpage.getByTestId('rank-row').filter({ hasText: name }).count()).toBe(0);
      await followerApp.open(`/trader/${leader.id}`);
      await fpage.getByTestId('leader-unavailable').waitFor();
      await shoot(followerApp, `consent-profile-gone-${language}`);

      // The follower's copy runs on and still mirrors the trader's next trade.
      await followerApp.open('/copies');
      const running = fpage.locator('[data-testid=copy-card][data-status=active]').first();
      expect(await running.getByTestId('copy-status').innerText()).toBe(text['copy.status_active']);
      const order = await leader.buy(LEADER_LOTS);
      await running.getByTestId('copy-position').waitFor({ timeout: 15_000 });
      await shoot(followerApp, `consent-copy-goes-on-${language}`);
      await leader.close(order);
      await followerApp.page.context().close();
      await leaderApp.page.context().close();
    },
    120_000,
  );
});
