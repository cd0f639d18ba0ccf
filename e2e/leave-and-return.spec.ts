import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MobileApp, newPhone } from './support/mobile-browser.ts';
import { type RunningPlatform, startPlatform } from './support/platform.ts';
import { registeredTrader } from './support/traders.ts';

async function visitorPhone(browser: Browser, platform: RunningPlatform): Promise<MobileApp> {
  const { page } = await newPhone(browser);
  const app = new MobileApp(page, platform.baseUrl);
  await app.chooseLanguage('en');
  return app;
}

// Leaving a page and coming back at 390×844 (issue 25): Back closes the drawer and dialog it
// leaves behind, the code countdown keeps its seconds, an invite link opened in place fills
// the form, and a logged-in user is not shown /login or /register.
describe('leaving a page and coming back', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it("Back closes the trade page's instrument drawer, and leads from a trader's profile to the ranking", async () => {
    const app = await visitorPhone(browser, platform);
    await app.open('/');
    // Entering / reloads the trade list (issue 25, item 1): tap a row once it has arrived — a
    // real one (it has a code), not a loading placeholder, which a busy machine may still show.
    await app.page.waitForLoadState('networkidle');
    await app.page.locator('[data-testid=market-list] .market-row[data-code]').first().click();
    await app.waitForRoute('/trade');
    await app.page.getByTestId('instrument-picker').click();
    const drawer = app.page.locator('.picker');
    await drawer.waitFor();
    await app.screenshot('leave-trade-drawer-open');
    // Back closes the topmost popup first (issue 37) and keeps the trader on the trade page;
    // the next Back leaves it.
    await app.page.goBack();
    await drawer.waitFor({ state: 'hidden' });
    await app.waitForRoute('/trade');
    await app.page.goBack();
    await app.waitForRoute('/');
    await app.screenshot('leave-trade-drawer-back-home');

    // A ranking row opens the trader's profile (issue 29); Back is the ranking again.
    await app.open('/rank');
    await app.page.getByTestId('rank-row').first().click();
    await app.page.getByTestId('leader-figures').waitFor();
    expect(app.page.url()).toMatch(/\/trader\/\d+$/);
    await app.page.goBack();
    await app.waitForRoute('/rank');
    await app.page.getByTestId('rank-row').first().waitFor();
    await app.page.getByTestId('leader-page').waitFor({ state: 'detached' });
    await app.page.context().close();
  });

  it('keeps the code countdown across a detour, and takes an invite link opened in place', async () => {
    const app = await visitorPhone(browser, platform);
    await app.open('/register');
    await app.fill('email', 'return@example.com');
    await app.page.locator('.countdown-button').click();
    expect(await app.toast()).toBe('The verification code has been sent');
    // To /login and back by its Register link: the same address still has to wait.
    await app.page.locator('.auth-switch a').click();
    await app.waitForRoute('/login');
    await app.page.waitForTimeout(2_000);
    await app.page.locator('.auth-switch a').click();
    await app.waitForRoute('/register');
    await app.fill('email', 'return@example.com');
    const button = app.page.locator('.countdown-button');
    await expect.poll(() => button.innerText()).toMatch(/^Resend in (5[0-8]) s$/);
    expect(await button.isDisabled()).toBe(true);
    await app.page.locator('.adm-toast-main').waitFor({ state: 'hidden' });
    await app.screenshot('leave-register-countdown-kept');
    // The server spaces codes per address, whatever the purpose: the reset form waits too.
    await app.open('/forgot');
    await app.fill('email', 'return@example.com');
    await expect.poll(() => button.innerText()).toMatch(/^Resend in (5[0-8]) s$/);
    await app.open('/register');
    // Another address may be sent a code at once.
    await app.fill('email', 'other@example.com');
    await expect.poll(() => button.innerText()).toBe('Send code');

    // An invite link opened while /register is on screen: a hash change, not a new document.
    await app.page.evaluate(() => {
      location.hash = '#/register?invite_code=Y9GAVF';
    });
    await expect
      .poll(() => app.page.locator('input[name="invite_code"]').inputValue())
      .toBe('Y9GAVF');
    await app.screenshot('leave-register-invite-in-place');
    await app.page.context().close();
  });

  it('sends a logged-in real account past /login and /register; a demo user may open them', async () => {
    const app = await registeredTrader(browser, platform, 'inside@example.com', 'en');
    await app.open('/user');
    await app.page.getByTestId('balance-value').waitFor();
    // Where logging in would have led: from, or home.
    await app.open('/login?from=/mine/history');
    await app.waitForRoute('/mine/history');
    await app.open('/user');
    await app.page.getByTestId('balance-value').waitFor();
    await app.open('/register?invite_code=Y9GAVF');
    await app.waitForRoute('/');
    expect(await app.page.locator('form.auth-form').count()).toBe(0);
    await app.page.context().close();

    // A demo account opens a real one from /register, or logs in to one on /login.
    const demo = await visitorPhone(browser, platform);
    await demo.open('/login');
    await demo.page.getByTestId('try-demo').click();
    await demo.waitForRoute('/');
    await demo.open('/register');
    await demo.page.locator('input[name="invite_code"]').waitFor();
    await demo.open('/login');
    await demo.page.getByTestId('try-demo').waitFor();
    expect(demo.route()).toBe('/login');
    await demo.page.context().close();
  });
});
