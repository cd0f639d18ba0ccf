import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { adminLogin, desktopScreenshot, newDesktop, ownerToken } from './support/back-office.ts';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson, registeredTrader } from './support/traders.ts';

const SUPPORT = { email: 'desk@example.com', password: 'support-pass' };
const COMPLAINT_ADDRESS = 'complaints@tradedesk.example';
/** Where this journey's screenshots go, besides e2e/screenshots (ACCOUNT_SHOTS to move them). */
const SHOTS = process.env.ACCOUNT_SHOTS ?? path.resolve('e2e/screenshots');

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

type OutboxLine = { channel: string; to: string; kind?: string; subject?: string; body?: string };

// Invitations and complaints end to end at 390×844: a trader copies the invite link, a friend
// registers through it (the code filled in), the trader sees the friend listed (masked); the
// trader sends a complaint, which reaches the complaint address (outbox) and the support desk
// in /admin/, where it is marked handled. /feedback is the placeholder with a back arrow.
describe('invitations and complaints: trader at 390×844, support at 1280×800', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let inviter: MobileApp;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
    const owner = await ownerToken(platform.baseUrl, platform.dataDir);
    expect(
      (await postJson(platform, '/admin/api/operators', { ...SUPPORT, role: 'support' }, owner))
        .code,
    ).toBe(1);
    expect(
      (
        await postJson(
          platform,
          '/admin/api/settings',
          { complaint_email: COMPLAINT_ADDRESS },
          owner,
        )
      ).code,
    ).toBe(1);
    inviter = await registeredTrader(browser, platform, 'inviter@example.com', 'en');
    await inviter.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const outbox = (): OutboxLine[] => {
    const file = path.join(platform.dataDir, 'outbox.jsonl');
    return fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];
  };

  it('copies the invite link, a friend registers through it, and is listed', async () => {
    await inviter.open('/user');
    await inviter.page.getByTestId('menu-invite').click();
    await inviter.waitForRoute('/mine/invite');
    const code = await inviter.page.getByTestId('invite-code').innerText();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await inviter.page.getByTestId('invite-qr').waitFor();
    await inviter.page.getByTestId('invite-copy-link').click();
    expect(await inviter.toast()).toBe('Copied');
    const link = await inviter.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${platform.baseUrl}/#/register?invite_code=${code}`);
    await expect
      .poll(() => inviter.page.getByTestId('invitee-total').innerText())
      .toBe('0 in total');

    // The friend opens the link on their own phone: the code is already in the form.
    const { page } = await newPhone(browser);
    const friend = new MobileApp(page, platform.baseUrl);
    await friend.chooseLanguage('en');
    // A new document, as when the link is opened from a message (not a hash change in place).
    await page.goto('about:blank');
    await page.goto(link);
    await expect.poll(() => page.locator('input[name="invite_code"]').inputValue()).toBe(code);
    await friend.fill('email', 'friend@example.com');
    await friend.fill('password', 'friend-pass');
    await friend.fill('re_password', 'friend-pass');
    await page.locator('.countdown-button').click();
    expect(await friend.toast()).toBe('The verification code has been sent');
    await friend.fill('code', platform.lastCode('friend@example.com'));
    await page.locator('form button[type=submit]').click();
    // Registered and logged in (issue 37).
    await friend.waitForRoute('/');
    await page.context().close();

    await inviter.page.reload();
    const row = inviter.page.getByTestId('invitee-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('invitee-contact').innerText()).toBe('f***@***.com');
    expect(await row.getByTestId('invitee-verified').innerText()).toBe('Not verified');
    expect(await inviter.page.getByTestId('invitee-total').innerText()).toBe('1 in total');
    await shot(inviter.page, 'account-invite-en');
  });

  it('sends a complaint that reaches the complaint address and the support desk', async () => {
    await inviter.open('/user');
    // getBasicInfo arrives after the user: the address fills in.
    await expect
      .poll(() => inviter.page.getByTestId('fact-complaint-email').innerText())
      .toContain(COMPLAINT_ADDRESS);
    await shot(inviter.page, 'account-user-en');
    await inviter.page.getByTestId('menu-email').click();
    await inviter.waitForRoute('/mine/email');
    expect(await inviter.page.getByTestId('complaint-email').innerText()).toBe(COMPLAINT_ADDRESS);
    expect(await inviter.page.getByTestId('complaint-mailto').getAttribute('href')).toBe(
      `mailto:${COMPLAINT_ADDRESS}`,
    );
    await inviter.page.getByTestId('complaint-subject').locator('input').fill('Slow withdrawal');
    await inviter.page
      .getByTestId('complaint-message')
      .locator('textarea')
      .fill('My withdrawal has waited for two days.');
    await inviter.page.getByTestId('complaint-send').click();
    expect(await inviter.toast()).toBe('Your complaint has been sent');
    await expect.poll(() => inviter.page.getByTestId('complaint-row').count()).toBe(1);
    expect(await inviter.page.getByTestId('complaint-row').innerText()).toContain('Received');
    await shot(inviter.page, 'account-email-en');

    const mail = outbox().find(
      (line) => line.to === COMPLAINT_ADDRESS && line.kind === 'complaint',
    );
    expect(mail?.subject).toContain('Slow withdrawal');
    expect(mail?.body).toContain('inviter@example.com');
    expect(mail?.body).toContain('My withdrawal has waited for two days.');

    const desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, SUPPORT.email, SUPPORT.password);
    await desk.goto(`${platform.baseUrl}/admin/complaints`);
    const deskRow = desk.locator('tr', { hasText: 'Slow withdrawal' });
    await deskRow.waitFor();
    expect(await deskRow.innerText()).toContain('inviter@example.com');
    await desktopScreenshot(desk, 'account-admin-complaints');
    await shot(desk, 'account-admin-complaints');
    await deskRow.getByRole('button', { name: 'Mark handled' }).click();
    await desk.locator('.ant-popconfirm').getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => desk.locator('tr', { hasText: 'Slow withdrawal' }).count()).toBe(0);
    await desk.getByText('Handled', { exact: true }).first().click();
    await desk.locator('tr', { hasText: 'Slow withdrawal' }).waitFor();
    expect(await desk.locator('tr', { hasText: 'Slow withdrawal' }).innerText()).toContain(
      SUPPORT.email,
    );
    await shot(desk, 'account-admin-complaints-handled');
    await desk.context().close();

    await inviter.page.reload();
    await expect
      .poll(() => inviter.page.getByTestId('complaint-row').innerText())
      .toContain('Handled');
  });

  it('answers a complaint in the back office; the trader reads the answer in the app', async () => {
    await inviter.open('/mine/email');
    await inviter.page.getByTestId('complaint-subject').locator('input').fill('Withdrawal fee');
    await inviter.page
      .getByTestId('complaint-message')
      .locator('textarea')
      .fill('Why was a fee of 1 USD taken from my withdrawal?');
    await inviter.page.getByTestId('complaint-send').click();
    expect(await inviter.toast()).toBe('Your complaint has been sent');

    const desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, SUPPORT.email, SUPPORT.password);
    await desk.goto(`${platform.baseUrl}/admin/complaints`);
    const deskRow = desk.locator('tr', { hasText: 'Withdrawal fee' });
    await deskRow.getByRole('button', { name: 'Answer' }).click();
    const answer =
      'The 1 USD is the TRC20 network fee, shown before you confirm.\nIt is refunded if a transfer fails.';
    await desk.getByTestId('answer-complaint-text').fill(answer);
    await desktopScreenshot(desk, 'account-admin-complaint-answer');
    await desk.getByTestId('answer-complaint-send').click();
    // Answered, so handled: it leaves the queue of received complaints.
    await expect.poll(() => desk.locator('tr', { hasText: 'Withdrawal fee' }).count()).toBe(0);
    await desk.getByText('Handled', { exact: true }).first().click();
    const answered = desk.locator('tr', { hasText: 'Withdrawal fee' });
    await answered.waitFor();
    expect(await answered.innerText()).toContain('It is refunded if a transfer fails.');
    expect(await answered.innerText()).toContain(SUPPORT.email);
    await desktopScreenshot(desk, 'account-admin-complaint-answered');
    await desk.context().close();

    await inviter.page.reload();
    const reply = inviter.page.getByTestId('complaint-answer');
    await reply.waitFor();
    expect(await reply.innerText()).toContain('Reply from support');
    expect(await reply.innerText()).toContain('It is refunded if a transfer fails.');
    expect(await inviter.page.getByTestId('complaint-answer-time').innerText()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d GMT/,
    );
    await shot(inviter.page, 'account-complaint-answered-en');
  });

  it('shows /feedback as a placeholder with a back arrow', async () => {
    await inviter.open('/feedback');
    await inviter.page.getByTestId('feedback-page').waitFor();
    expect(await inviter.page.getByTestId('feedback-page').innerText()).toContain(
      'Feedback is coming soon',
    );
    await shot(inviter.page, 'account-feedback-en');
    // Opened directly (a typed address), back leads home rather than out of the app.
    await inviter.page.locator('.adm-nav-bar-back').click();
    await inviter.waitForRoute('/');
  });

  it.each(['hk', 'ar'])('shows /user, /mine/invite and /mine/email in %s', async (language) => {
    await inviter.chooseLanguage(language);
    for (const [route, name, ready] of [
      ['/user', 'user', 'menu-invite'],
      ['/mine/invite', 'invite', 'invitee-row'],
      ['/mine/email', 'email', 'complaint-email'],
    ] as const) {
      await inviter.open(route);
      await inviter.page.getByTestId(ready).first().waitFor();
      if (language === 'ar')
        expect(await inviter.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      if (route === '/user') await expectAccessible(inviter.page, `/user (${language})`);
      await shot(inviter.page, `account-${name}-${language}`);
    }
  });
});
