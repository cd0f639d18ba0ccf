import { ROUTES } from '@tradedesk/contract';
import { sha256 } from '../platform/security/tokens.ts';
import type { TestApp } from './test-app.ts';

/** What a login carries once the server asks for a captcha. */
export interface CaptchaAnswer {
  captcha_key: string;
  captcha_code: string;
}

/**
 * A captcha from the real GET /api/captcha, solved as a person reading the picture would. The
 * picture's text is stored only as a hash, so the test gives the stored captcha an answer it
 * knows (hashed as the captcha service hashes answers); key, expiry and single use are the
 * server's own.
 */
export async function solvedCaptcha(t: TestApp, ip = '127.0.0.1'): Promise<CaptchaAnswer> {
  const response = await t.app.inject({
    method: 'GET',
    url: ROUTES.captcha.path,
    remoteAddress: ip,
    headers: { lang: 'en' },
  });
  const envelope = response.json();
  if (envelope.code !== 1) throw new Error(`captcha refused: ${envelope.code} ${envelope.msg}`);
  const key = envelope.data.key as string;
  const answer = 'k7wp';
  const updated = await t.store.db
    .updateTable('captchas')
    .set({ answer_hash: sha256(`${key}|${answer}`) })
    .where('key', '=', key)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new Error(`captcha ${key} is not stored`);
  return { captcha_key: key, captcha_code: answer };
}
