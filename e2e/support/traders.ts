import type { Browser } from 'playwright-core';
import { MobileApp, newPhone } from './mobile-browser.ts';
import type { RunningPlatform } from './platform.ts';

/** A JSON POST to the platform, as a script would make it (setting up what is not the journey). */
export async function postJson(
  platform: RunningPlatform,
  path: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<{ code: number; msg: string; data: any }> {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      lang: 'en',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return response.json();
}

/**
 * A trader registered by e-mail (the code read from the outbox) and logged in on a phone at
 * 390×844, in a language.
 */
export async function registeredTrader(
  browser: Browser,
  platform: RunningPlatform,
  email: string,
  language: string,
  password = 'journey-pass',
): Promise<MobileApp> {
  await postJson(platform, '/api/notify/send_email', { to: email, type: 1 });
  const registered = await postJson(platform, '/api/user/register', {
    type: 'email',
    account: email,
    password,
    re_password: password,
    sms_code: platform.lastCode(email),
  });
  if (registered.code !== 1) throw new Error(`register refused: ${registered.msg}`);
  return loggedInPhone(browser, platform, email, password, language);
}

/** A phone at 390×844 in a language, logged in on /login with an e-mail and password. */
export async function loggedInPhone(
  browser: Browser,
  platform: RunningPlatform,
  email: string,
  password: string,
  language: string,
): Promise<MobileApp> {
  const { page } = await newPhone(browser);
  const app = new MobileApp(page, platform.baseUrl);
  // hk is the default language: nothing to choose.
  if (language !== 'hk') await app.chooseLanguage(language);
  await app.open('/login');
  await app.fill('account', email);
  await app.fill('password', password);
  await app.page.locator('form button[type=submit]').click();
  await app.waitForRoute('/');
  return app;
}

/** A demo user's phone at 390×844 in a language, logged in from /login (100 000 demo USD). */
export async function demoPhone(
  browser: Browser,
  platform: RunningPlatform,
  language: string,
): Promise<MobileApp> {
  const { page } = await newPhone(browser);
  const app = new MobileApp(page, platform.baseUrl);
  await app.chooseLanguage(language);
  await app.open('/login');
  await page.getByTestId('try-demo').click();
  await app.waitForRoute('/');
  return app;
}
