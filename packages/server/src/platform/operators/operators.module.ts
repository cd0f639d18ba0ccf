import type { Kysely } from 'kysely';
import type { AppModule } from '../app/module.ts';
import type { Database } from '../db/schema.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { type AdminAuth, type CaptchaCheck, createAdminAuth } from './admin-auth.service.ts';
import { createOperatorSessions, type OperatorSessions } from './operator-sessions.ts';
import { createOperatorsRepository, type OperatorsRepository } from './operators.repository.ts';

export interface Operators {
  /** Who may call an operator endpoint: every back-office module checks callers with it. */
  auth: AdminAuth;
  repository: OperatorsRepository;
  sessions: OperatorSessions;
}

/** The back office's operators: their accounts, sessions and the check of every call. */
export const operatorsModule: AppModule<
  {
    db: Kysely<Database>;
    hasher: PasswordHasher;
    limiter: RateLimiter;
    captcha: CaptchaCheck;
    requireTwoFactor: boolean;
    now: () => number;
  },
  Operators
> = {
  name: 'operators',
  register(_app, deps) {
    const repository = createOperatorsRepository(deps.db);
    const sessions = createOperatorSessions({ db: deps.db, now: deps.now });
    const auth = createAdminAuth({ ...deps, operators: repository, sessions });
    return { api: { auth, repository, sessions } };
  },
};
