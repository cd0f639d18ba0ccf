import type { Kysely } from 'kysely';
import type { Notifier } from '../../platform/notify/notifier.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { createCodeSending } from './code-sending.ts';
import { type CodeCheck, createCodeVerification } from './code-verification.ts';
import type { UsersTables } from './tables.ts';

export type { VerifiedCode } from './code-verification.ts';

/**
 * Verification codes: sent (code-sending.ts) and checked before the change they authorize
 * uses them (code-verification.ts). Codes are stored hashed.
 */
export function createCodesService(deps: {
  db: Kysely<UsersTables>;
  notifier: Pick<Notifier, 'sendCode'>;
  limiter: RateLimiter;
  now: () => number;
}) {
  const verify = createCodeVerification(deps);
  return {
    send: createCodeSending(deps),
    verify,
    /** Verifies and uses a code in one step, outside any transaction. */
    async consume(request: CodeCheck): Promise<void> {
      await (await verify(request)).claim(deps.db);
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
