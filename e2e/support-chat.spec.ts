import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, desktopScreenshot, newDesktop, ownerToken } from './support/back-office.ts';
import { launchBrowser, type MobileApp } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { postJson, registeredTrader } from './support/traders.ts';

const SUPPORT = { email: 'helpdesk@example.com', password: 'helpdesk-pass' };

/** Writes in the chat box and sends; waits until the bubble is on screen. */
async function write(app: MobileApp, text: string): Promise<void> {
  await app.page.locator('.chat-textarea textarea:not([aria-hidden])').fill(text);
  await app.page.locator('.chat-send').click();
  await app.page.locator('[data-sender=trader] .chat-bubble', { hasText: text }).waitFor();
}

/** The newest support bubble's text on the trader's screen, or '' while none. */
const lastAnswer = (app: MobileApp) =>
  app.page
    .locator('[data-sender=operator] .chat-bubble')
    .last()
    .textContent({ timeout: 500 })
    .catch(() => '');

// The built-in support chat: a trader writes on a phone, a support operator answers from the
// back office, and the answer appears on the phone without a reload (the CHAT socket push).
describe('support chat: trader at 390×844, support desk at 1280×800', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let desk: Page;
  let deskToken: string;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
    const owner = await ownerToken(platform.baseUrl, platform.dataDir);
    const added = await postJson(
      platform,
      '/admin/api/operators',
      { ...SUPPORT, role: 'support' },
      owner,
    );
    expect(added.code).toBe(1);
    const session = await postJson(platform, '/admin/api/login', {
      account: SUPPORT.email,
      password: SUPPORT.password,
    });
    deskToken = session.data.token;
    desk = await newDesktop(browser);
    await adminLogin(desk, platform.baseUrl, SUPPORT.email, SUPPORT.password);
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('carries a question to the desk and the answer back live (English)', async () => {
    const app = await registeredTrader(browser, platform, 'asker@example.com', 'en');
    await app.open('/mine/chat');
    await app.page.locator('.chat-empty').waitFor();
    await write(app, 'Hello, my deposit has not arrived yet.');

    // The desk sees the conversation with one unread message, opens it and answers.
    await desk.goto(`${platform.baseUrl}/admin/support`);
    const row = desk.locator('.support-conversation', { hasText: 'asker@example.com' });
    await row.waitFor();
    await expect.poll(() => row.locator('.ant-badge-count').innerText()).toBe('1');
    await desktopScreenshot(desk, 'support-chat-admin-inbox');
    await row.click();
    await desk.getByTestId('support-messages').getByText('my deposit has not arrived').waitFor();
    // Opening it reads it: the badge goes.
    await expect.poll(() => row.locator('.ant-badge-count').count(), { timeout: 10_000 }).toBe(0);
    await desk.getByLabel('Reply').fill('We are checking it now, one moment please.');
    await desk.getByRole('button', { name: 'Send' }).click();
    await desk.locator('.support-message.is-operator').waitFor();
    await desktopScreenshot(desk, 'support-chat-admin-thread');

    // On the phone, no reload: the socket brings it.
    await expect
      .poll(() => lastAnswer(app), { timeout: 10_000 })
      .toBe('We are checking it now, one moment please.');
    await app.screenshot('support-chat-en');

    // Markup typed by anyone stays text.
    await write(app, '<b>not bold</b>');
    expect(await app.page.locator('.chat-bubble b').count()).toBe(0);
    // And the desk sees it at once, well before its 30 s safety poll: the desk socket.
    await desk
      .getByTestId('support-messages')
      .getByText('<b>not bold</b>')
      .waitFor({ timeout: 5_000 });
  });

  /** A trader in a language writes; the desk answers through its API; the answer shows live. */
  async function conversationIn(language: string, email: string, question: string, answer: string) {
    const app = await registeredTrader(browser, platform, email, language);
    await app.open('/mine/chat');
    await app.page.locator('.chat-empty').waitFor();
    await write(app, question);
    const inbox = await fetch(`${platform.baseUrl}/admin/api/support/conversations`, {
      headers: { authorization: deskToken, lang: 'en' },
    }).then((r) => r.json());
    const row = inbox.data.data.find((r: { account: string }) => r.account === email);
    const replied = await postJson(
      platform,
      `/admin/api/support/conversations/${row.user_id}/reply`,
      { content: answer },
      deskToken,
    );
    expect(replied.code).toBe(1);
    await expect.poll(() => lastAnswer(app), { timeout: 10_000 }).toBe(answer);
    return app;
  }

  it('works in Chinese', async () => {
    const app = await conversationIn(
      'hk',
      'asker-hk@example.com',
      '請問提款要多久？',
      '一般在24小時內處理。',
    );
    expect(await app.page.locator('.adm-nav-bar-title').innerText()).toBe('在線客服');
    await app.screenshot('support-chat-hk');
  });

  it('mirrors the chat in Arabic', async () => {
    const app = await conversationIn(
      'ar',
      'asker-ar@example.com',
      'مرحبا، كيف أغير كلمة المرور؟',
      'من صفحة الحساب، اختر تغيير كلمة المرور.',
    );
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Mine on the end side (the left in Arabic), support's on the start side (the right).
    const mine = await app.page.locator('[data-sender=trader] .chat-bubble').last().boundingBox();
    const theirs = await app.page
      .locator('[data-sender=operator] .chat-bubble')
      .last()
      .boundingBox();
    expect(mine && theirs && mine.x < theirs.x).toBe(true);
    await app.screenshot('support-chat-ar');
  });
});
