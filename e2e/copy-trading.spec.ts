import fs from 'node:fs';
import path from 'node:path';
import { type Order, ROUTES } from '@tradedesk/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken } from './support/back-office.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson } from './support/traders.ts';

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

/** Once dialogs have faded in, sheets slid up, and no toast is on screen: a still picture. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialogs = [
      ...document.querySelectorAll<HTMLElement>(
        '.adm-center-popup-wrap [style*="opacity"], .adm-mask[style*="opacity"]',
      ),
    ];
    const sheets = [...document.querySelectorAll<HTMLElement>('.adm-popup-body')];
    return (
      !document.querySelector('.adm-toast-main') &&
      dialogs.every((dialog) => dialog.style.opacity === '1') &&
      sheets.every((sheet) => /,\s*0%\)/.test(sheet.style.transform))
    );
  });
}

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

/** A GET of the platform's API with a session, as a script would make it. */
async function getJson<T>(platform: RunningPlatform, apiPath: string, token: string): Promise<T> {
  const response = await fetch(`${platform.baseUrl}${apiPath}`, {
    headers: { authorization: token, lang: 'en' },
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 1) throw new Error(`${apiPath} refused: ${answer.msg}`);
  return answer.data;
}

/**
 * The leader: a real trader (demo accounts cannot be copied), registered by e-mail, funded by
 * a 5 000 USD deposit that finance approves, with one closed position so that the ranking
 * lists it. Trades through the API with its own session, as its own phone would.
 */
async function createLeader(platform: RunningPlatform) {
  await postJson(platform, '/api/notify/send_email', { to: LEADER.email, type: 1 });
  const registered = await postJson(platform, '/api/user/register', {
    type: 'email',
    account: LEADER.email,
    password: LEADER.password,
    re_password: LEADER.password,
    sms_code: platform.lastCode(LEADER.email),
  });
  if (registered.code !== 1) throw new Error(`register refused: ${registered.msg}`);
  const session = await postJson(platform, ROUTES.login.path, {
    account: LEADER.email,
    password: LEADER.password,
  });
  const token: string = session.data.token;
  const { id } = await getJson<{ id: number }>(platform, ROUTES.userInfo.path, token);

  // A USDT deposit with a real proof image, approved by a finance operator.
  const proof = await sharp({
    create: { width: 480, height: 720, channels: 3, background: '#cfe3d6' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(proof)], { type: 'image/png' }), 'proof.png');
  const upload = await (
    await fetch(`${platform.baseUrl}${ROUTES.imageUpload.path}`, {
      method: 'POST',
      headers: { authorization: token, lang: 'en' },
      body: form,
    })
  ).json();
  const [network] = await getJson<{ id: number; address: string }[]>(
    platform,
    ROUTES.depositNetworks.path,
    token,
  );
  if (!network) throw new Error('no deposit network');
  const deposit = await postJson(
    platform,
    ROUTES.chargeSubmit.path,
    { number: '5000', proofImg: upload.data.url, address: network.address, charge_id: network.id },
    token,
  );
  if (deposit.code !== 1) throw new Error(`deposit refused: ${deposit.msg}`);
  const owner = await ownerToken(platform.baseUrl, platform.dataDir);
  await postJson(platform, '/admin/api/operators', { ...FINANCE, role: 'finance' }, owner);
  const finance = await postJson(platform, '/admin/api/login', {
    account: FINANCE.email,
    password: FINANCE.password,
  });
  const approved = await postJson(
    platform,
    `/admin/api/deposits/${deposit.data.id}/approve`,
    {},
    finance.data.token,
  );
  if (approved.code !== 1) throw new Error(`approval refused: ${approved.msg}`);

  const instruments = await getJson<{ Id: number; Code: string }[]>(
    platform,
    ROUTES.tradeList.path,
    token,
  );
  const eurusd = instruments.find((i) => i.Code === 'EURUSD');
  if (!eurusd) throw new Error('no EURUSD');

  const leader = {
    id,
    token,
    /** Buys `lots` EURUSD at market; answers the filled order. */
    async buy(lots: string): Promise<Order> {
      const placed = await postJson(
        platform,
        ROUTES.submitOrder.path,
        {
          type: 1,
          cont: lots,
          forex_id: eurusd.Id,
          status: 1,
          multiple: 100,
          target_price: 0,
          stop_loss_price: 0,
          target_profit_price: 0,
        },
        token,
      );
      if (placed.code !== 1) throw new Error(`order refused: ${placed.msg}`);
      const holding = await getJson<{ data: Order[] }>(
        platform,
        `${ROUTES.myDeal.path}?status=1`,
        token,
      );
      const order = holding.data.find((o) => o.Id === placed.data.Id) ?? holding.data[0];
      if (!order) throw new Error('the order is not holding');
      return order;
    },
    async close(order: Order): Promise<void> {
      const closed = await postJson(platform, ROUTES.closeOrder.path, { id: order.Id }, token);
      if (closed.code !== 1) throw new Error(`close refused: ${closed.msg}`);
    },
  };
  // One closed position: the ranking lists traders with at least one.
  await leader.close(await leader.buy('0.01'));
  return leader;
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
  let leader: Awaited<ReturnType<typeof createLeader>>;
  let leaderRow: { id: number; user: string };

  beforeAll(async () => {
    platform = await startPlatform({
      at: Date.UTC(2026, 10, 3, 19, 0),
      env: { SAMPLE_TRADERS: 'false' },
    });
    browser = await launchBrowser();
    leader = await createLeader(platform);
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
  async function follower(language: Language): Promise<MobileApp> {
    const { page } = await newPhone(browser);
    const app = new MobileApp(page, platform.baseUrl);
    await app.chooseLanguage(language);
    await app.open('/login');
    await page.getByTestId('try-demo').click();
    await app.waitForRoute('/');
    return app;
  }

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
