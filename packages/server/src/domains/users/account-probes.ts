import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';

/** Refused for now: try again in the seconds the limit says (at least one). */
export function rateLimited(retryAfterMs: number): AppError {
  return new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

/**
 * Counts one request that could tell whether an account exists (register, a code request,
 * a password reset) against the caller's address, and refuses it over the hourly limit.
 * Counted whatever the answer: it is the asking that is limited.
 */
export async function limitAccountProbes(limiter: RateLimiter, ip: string): Promise<void> {
  const verdict = await limiter.consume(`account-probe:${ip}`, RATE_LIMITS.accountProbesPerIp);
  if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs);
}
