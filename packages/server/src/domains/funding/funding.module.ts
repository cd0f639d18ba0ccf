import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppModule } from '../../platform/app/module.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { UploadsService } from '../uploads/index.ts';
import {
  createPasswordConfirmation,
  type SessionsService,
  type UsersRepository,
} from '../users/index.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { createDepositsRepository } from './deposits.repository.ts';
import { createDepositsService } from './deposits.service.ts';
import { createDrawMethodsRepository } from './draw-methods.repository.ts';
import { createDrawMethodsService } from './draw-methods.service.ts';
import { registerFundingRoutes } from './funding.routes.ts';
import { registerFundingAdminRoutes } from './funding-admin.routes.ts';
import { createFundingConfigService } from './funding-config.service.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';

/** Funding (issue 11): the trader's cashier and the finance desk, every money step in the core. */
export const fundingModule: AppModule<{
  config: Config;
  db: Kysely<Database>;
  core: CommandCore;
  uploads: UploadsService;
  users: UsersRepository;
  sessions: SessionsService;
  auth: AdminAuth;
  /** Where decisions' notices are recorded, in their transactions, and sent from. */
  notices: TraderNotices;
  /** Check the password that confirms a withdrawal, and limit wrong ones. */
  hasher: PasswordHasher;
  limiter: RateLimiter;
  now: () => number;
}> = {
  name: 'funding',
  register(app, deps) {
    const { db, core, notices, now } = deps;
    const rules = deps.config.withdrawals;
    const channels = createChannelsRepository(db);
    const deposits = createDepositsService({
      db,
      core,
      channels,
      deposits: createDepositsRepository(db),
      uploads: deps.uploads,
      users: deps.users,
      notices,
      rules: deps.config.deposits,
      now,
    });
    const withdrawals = createWithdrawalsService({
      db,
      core,
      channels,
      withdrawals: createWithdrawalsRepository(db),
      users: deps.users,
      notices,
      rules,
      confirmPassword: createPasswordConfirmation({
        hasher: deps.hasher,
        limiter: deps.limiter,
        wrong: 'PASSWORD_WRONG',
      }),
      now,
    });
    const methods = createDrawMethodsService({
      core,
      channels,
      methods: createDrawMethodsRepository(db),
      coolingHours: rules.coolingHours,
      now,
    });
    registerFundingRoutes(app, {
      deposits,
      withdrawals,
      methods,
      authenticate: deps.sessions.authenticate,
    });
    registerFundingAdminRoutes(app, {
      auth: deps.auth,
      deposits,
      withdrawals,
      config: createFundingConfigService({ db, channels, rules, now }),
    });
    return { api: undefined };
  },
};
