import { ROUTES } from '@tradedesk/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminLogin,
  bootstrapOwner,
  desktopScreenshot,
  newDesktop,
} from './support/back-office.ts';
import { createLeader, getJson } from './support/leader.ts';
import { launchBrowser } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson } from './support/traders.ts';

const TRADER = { email: 'paid-out@example.com', password: 'journey-pass' };
const FINANCE = { email: 'ledger-cashier@example.com', password: 'cashier-pass' };

/**
 * A trader's page in the back office at 1280×800 (issue 37, item 12): one id, the UID the
 * trader sees; a withdrawal's "paid out" ledger row at the time it was paid, its approval
 * under it; a demo account's balance said to be virtual.
 */
describe("the back office's user page, at 1280×800", () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    // A Tuesday (the trader's one trade needs an open market); new addresses usable at once:
    // the journey is the ledger, not the waiting period.
    platform = await startPlatform({
      at: Date.UTC(2026, 10, 3, 19, 0),
      env: { WITHDRAW_COOLING_HOURS: '0', SAMPLE_TRADERS: 'false' },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows the UID once, and when a withdrawal was paid', async () => {
    const trader = await createLeader(platform, TRADER, FINANCE);
    const { uid } = await getJson<{ uid: string }>(platform, ROUTES.userInfo.path, trader.token);
    const [usdt] = await getJson<{ id: number; code: string; protocol: string }[]>(
      platform,
      `${ROUTES.drawSymbols.path}?type=1`,
      trader.token,
    );
    if (!usdt) throw new Error('no withdrawal currency');
    const bound = await postJson(
      platform,
      ROUTES.bindDrawMethod.path,
      { type: 1, draw_id: usdt.id, dc_address: 'TWacKoiony22PT5Dx2gcTt3CYiLWH2zxYU' },
      trader.token,
    );
    expect(bound.code).toBe(1);
    const held = await postJson(
      platform,
      ROUTES.draw.path,
      {
        draw_currency_id: usdt.id,
        number: '100',
        draw_method_id: bound.data.id,
        password: TRADER.password,
      },
      trader.token,
    );
    expect(held.code).toBe(1);
    const finance = (
      await postJson(platform, '/admin/api/login', {
        account: FINANCE.email,
        password: FINANCE.password,
      })
    ).data.token as string;
    const withdrawal = `/admin/api/withdrawals/${held.data.id}`;
    expect((await postJson(platform, `${withdrawal}/approve`, {}, finance)).code).toBe(1);
    // The transfer is made a moment after the approval.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const paid = await postJson(
      platform,
      `${withdrawal}/paid`,
      { reference: 'TRX-7f3a9c' },
      finance,
    );
    expect(paid.code).toBe(1);

    const owner = bootstrapOwner(platform.dataDir);
    const desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, owner.email, owner.password);
    await desk.goto(`${platform.baseUrl}/admin/users/${trader.id}`);
    await desk.getByRole('heading', { name: `User ${uid}` }).waitFor();
    const profile = desk.locator('.ant-card', { hasText: 'Profile' });
    expect(await profile.innerText()).not.toContain('User id');
    const payout = desk.locator('.ledger-time');
    await payout.waitFor();
    const text = await payout.innerText();
    expect(text).toMatch(/^Paid \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\nApproved \d{4}-/);
    const [paidAt, approvedAt] = [...text.matchAll(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g)].map(
      (m) => m[0],
    );
    expect(paidAt! > approvedAt!).toBe(true);
    await desk.getByText('Balance (USD)', { exact: true }).waitFor();
    await desktopScreenshot(desk, 'admin-user-page');
    await desk.locator('.ant-card', { hasText: 'Ledger' }).last().scrollIntoViewIfNeeded();
    await desktopScreenshot(desk, 'admin-user-ledger');

    // A demo account: its balance is play money, and says so.
    const demo = await fetch(
      `${platform.baseUrl}${ROUTES.demo.path}?demo_id=admin-user-page-demo`,
      { headers: { lang: 'en' } },
    );
    const demoUser = (await demo.json()).data.user as { id: number; uid: string };
    await desk.goto(`${platform.baseUrl}/admin/users/${demoUser.id}`);
    await desk.getByRole('heading', { name: `User ${demoUser.uid}` }).waitFor();
    await desk.getByText('Demo balance (virtual USD)').waitFor();
    await desktopScreenshot(desk, 'admin-user-page-demo');
    await desk.context().close();
  });
});
