import type { Session } from '@tradedesk/contract';
import { isUniqueViolation } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { rateLimited } from './account-probes.ts';
import { insertWithFreshIdentity } from './fresh-identity.ts';
import { toPublicUser } from './public-user.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UserRecord } from './user-record.ts';
import type { UsersRepository } from './users.repository.ts';

/** The demo account of a device: created on first use, the same one ever after. */
export function createDemoLogin(deps: {
  users: UsersRepository;
  sessions: SessionsService;
  limiter: RateLimiter;
  now: () => number;
}) {
  const { users } = deps;

  /**
   * Creates the device's account. Claimed before the insert, so that devices racing from one
   * address cannot all pass; given back when this request creates nothing.
   */
  async function create(demoId: string, ip: string): Promise<UserRecord> {
    const ipKey = `demo-ip:${ip}`;
    const verdict = await deps.limiter.consume(ipKey, RATE_LIMITS.demoAccountsPerIp);
    if (!verdict.allowed) throw rateLimited(verdict.retryAfterMs);
    try {
      const demo = {
        email: null,
        mobile: null,
        area_id: null,
        mobile_key: null,
        password_hash: null,
        is_demo: 1,
        demo_id: demoId,
        credit_score: 100,
        inviter_id: null,
      };
      return await insertWithFreshIdentity(users, demo, deps.now);
    } catch (error) {
      await deps.limiter.refund(ipKey);
      // The same device asked twice at once: the other request created it.
      const user = isUniqueViolation(error) ? await users.findByDemoId(demoId) : undefined;
      if (!user) throw error;
      return user;
    }
  }

  return async function demo(demoId: string, ip: string): Promise<Session> {
    const user = (await users.findByDemoId(demoId)) ?? (await create(demoId, ip));
    if (user.disabledAt !== null) throw new AppError('ACCOUNT_DISABLED');
    return { token: await deps.sessions.start(user.id, ip), user: toPublicUser(user) };
  };
}
