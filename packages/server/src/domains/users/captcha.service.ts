import { randomBytes } from 'node:crypto';
import type { Captcha } from '@tradedesk/contract';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { sha256 } from '../../platform/security/tokens.ts';
import type { VerifiedCode } from './code-verification.ts';
import type { UsersTables } from './tables.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;

function answerHash(key: string, answer: string): string {
  return sha256(`${key}|${answer.trim().toLowerCase()}`);
}

/** Captcha images for verify_reg_type 2: four characters, answerable once, for 5 minutes. */
export function createCaptchaService(deps: {
  db: Kysely<UsersTables>;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { db, limiter, now } = deps;
  /**
   * Checks an answer without using the captcha (before any slow work); the answer's `claim`
   * uses it, once, in the caller's transaction.
   */
  async function verify(key: string | undefined, answer: string): Promise<VerifiedCode> {
    if (!key) throw new AppError('CAPTCHA_INVALID');
    const wrongKey = `wrong-captcha:${key}`;
    // The answer takes its place among the wrong ones before it is checked, so that answers
    // racing each other cannot all pass the lock; only a wrong answer keeps the place.
    if (!(await limiter.consume(wrongKey, RATE_LIMITS.wrongCodesPerDestination)).allowed) {
      throw new AppError('CAPTCHA_INVALID');
    }
    let found: boolean;
    try {
      const live = await db
        .selectFrom('captchas')
        .select('key')
        .where('key', '=', key)
        .where('answer_hash', '=', answerHash(key, answer))
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      found = live !== undefined;
    } catch (error) {
      await limiter.refund(wrongKey);
      throw error;
    }
    if (!found) throw new AppError('CAPTCHA_INVALID');
    await limiter.refund(wrongKey);
    return {
      async claim(executor) {
        const result = await executor
          .updateTable('captchas')
          .set({ consumed_at: now() })
          .where('key', '=', key)
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', now())
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new AppError('CAPTCHA_INVALID');
      },
    };
  }

  return {
    async create(ip: string): Promise<Captcha> {
      const verdict = await limiter.consume(`captcha-ip:${ip}`, RATE_LIMITS.captchasPerIp);
      if (!verdict.allowed) {
        throw new AppError('RATE_LIMITED', { seconds: Math.ceil(verdict.retryAfterMs / 1000) });
      }
      const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true });
      const key = randomBytes(16).toString('hex');
      await db
        .insertInto('captchas')
        .values({
          key,
          answer_hash: answerHash(key, image.text),
          expires_at: now() + CAPTCHA_TTL_MS,
          consumed_at: null,
        })
        .execute();
      const img = `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`;
      return { key, img };
    },

    verify,

    /**
     * Verifies and uses a captcha in one step, outside any transaction: a login's step-up,
     * used up by the attempt, right or wrong.
     */
    async consume(key: string | undefined, answer: string): Promise<void> {
      await (await verify(key, answer)).claim(db);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
