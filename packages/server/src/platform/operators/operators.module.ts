import type { AuditRow } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import type { AppModule } from '../app/module.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { type AdminAuth, type CaptchaCheck, createAdminAuth } from './admin-auth.service.ts';
import { listAudit, type TraderUids } from './audit-log.ts';
import { createOperatorsRepository, type OperatorsRepository } from './operators.repository.ts';
import type { OperatorsTables } from './tables.ts';

export interface Operators {
  /** Who may call an operator endpoint: every back-office module checks callers with it. */
  auth: AdminAuth;
  /** Operators' accounts on the root database, for what reads outside a transaction. */
  repository: OperatorsRepository;
  /** The audit log, newest first, optionally of one operator and one action. */
  listAudit(filter: {
    page: number;
    adminId?: number;
    action?: string;
  }): Promise<{ data: AuditRow[]; total: number }>;
}

/** The back office's operators: their accounts, sessions, the check of every call, the audit log. */
export const operatorsModule: AppModule<
  {
    db: Kysely<OperatorsTables>;
    hasher: PasswordHasher;
    limiter: RateLimiter;
    captcha: CaptchaCheck;
    requireTwoFactor: boolean;
    /** The public numbers of the traders audit rows name (the users domain's). */
    traderUids: TraderUids;
    now: () => number;
  },
  Operators
> = {
  name: 'operators',
  register(_app, deps) {
    const repository = createOperatorsRepository(deps.db);
    const auth = createAdminAuth({ ...deps, operators: repository });
    return {
      api: {
        auth,
        repository,
        listAudit: (filter) => listAudit(deps.db, deps.traderUids, filter),
      },
    };
  },
};
