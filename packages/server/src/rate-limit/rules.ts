import type { RateLimitRule } from './rate-limiter.ts';

const MINUTE = 60_000;

/** Rate limits of the accounts domain; a refused request changes nothing. */
export const RATE_LIMITS = {
  /** Failed logins per account before it is locked for the rest of the window. */
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** Login attempts (right or wrong) per IP address. */
  loginAttemptsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Verification codes per destination per hour (beyond the 60 s spacing). */
  codesPerDestination: { limit: 10, windowMs: 60 * MINUTE },
  /** Verification codes per IP address per hour. */
  codesPerIp: { limit: 20, windowMs: 60 * MINUTE },
  /** Wrong verification codes or captcha answers per destination before it locks. */
  wrongCodesPerDestination: { limit: 5, windowMs: 10 * MINUTE },
  /** New demo accounts per IP address per hour. */
  demoAccountsPerIp: { limit: 20, windowMs: 60 * MINUTE },
  /** Captcha images per IP address per 10 minutes. */
  captchasPerIp: { limit: 60, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
