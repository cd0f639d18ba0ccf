import type { RateLimitRule } from './rate-limiter.ts';

const MINUTE = 60_000;

/** Rate limits of the accounts domain; a refused request changes nothing. */
export const RATE_LIMITS = {
  /**
   * Failed logins of one account from anywhere before every login to it needs a captcha
   * answer as well: the owner still gets in, a guessing botnet is slowed to a crawl.
   */
  loginFailuresBeforeCaptcha: { limit: 3, windowMs: 15 * MINUTE },
  /**
   * Failed logins of one account from one IP address (the last ones with solved captchas)
   * before that address is locked out of it for the rest of the window. Per address, so
   * that nobody can lock the owner out; above the captcha's threshold, so that someone who
   * mistypes meets the captcha before any lock.
   */
  loginFailuresPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong account passwords given to confirm a step (a password change, a withdrawal) before
   * those steps lock, all of them together.
   */
  oldPasswordFailuresPerUser: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Requests that could tell whether an account exists (register, code requests, password
   * resets) per IP address: probing for accounts is slowed to this many an hour.
   */
  accountProbesPerIp: { limit: 30, windowMs: 60 * MINUTE },
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
  /**
   * Failed operator logins of one operator from one address. Lower than traders': an
   * operator account reaches every trader's data, and operators are few and careful.
   */
  adminLoginFailuresPerAccountAndIp: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Failed operator logins of one operator from anywhere (guessing spread over addresses)
   * before every login to it needs a captcha answer as well. Never a lock: the operator's
   * login is public (`admin@localhost` is the default owner), and whoever knows the password
   * still gets in from anywhere. Below the per-address lock, so that an operator who
   * mistypes meets the captcha first.
   */
  adminLoginFailuresBeforeCaptcha: { limit: 3, windowMs: 15 * MINUTE },
  /** Image uploads per trader per hour: documents and proofs are a handful, not thousands. */
  uploadsPerUser: { limit: 60, windowMs: 60 * MINUTE },
  /**
   * Complaints per trader per hour: enough to add what was forgotten, too few to flood the
   * complaint mailbox from one account.
   */
  complaintsPerUser: { limit: 5, windowMs: 60 * MINUTE },
  /** Captcha images per IP address per 10 minutes. */
  captchasPerIp: { limit: 60, windowMs: 10 * MINUTE },
  /** Chat messages a trader may send to support per minute: a conversation, not a flood. */
  chatMessagesPerUser: { limit: 20, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;
