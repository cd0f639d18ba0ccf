import { parseMicros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { TraderNotice, TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import { type ChoiceExecutor, createChosenNotices } from '../notifications/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import {
  createPasswordConfirmation,
  type SessionsService,
  type UsersRepository,
} from '../users/index.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { createDepositsRepository } from './deposits.repository.ts';
import { createDrawMethodsRepository } from './draw-methods.repository.ts';
import { registerFundingRoutes } from './funding.routes.ts';
import { registerFundingAdminRoutes } from './funding-admin.routes.ts';
import type { FundingDeps } from './funding-deps.ts';
import { createFundingTopic } from './funding-topic.ts';
import type { FundingTables } from './tables.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';

/**
 * Funding (issue 11): the trader's cashier and the finance desk, every money step in the core;
 * the socket's FUNDING tells the trader of the desk's decisions.
 */
export const fundingModule: AppModule<
  {
    config: Config;
    db: Kysely<FundingTables>;
    /** A change of the cashier's configuration and its audit row commit together. */
    transact: Transact;
    core: CommandCore;
    /** Where the decisions' commits arrive, from whichever node took them. */
    bus: Bus;
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
  },
  { topic: TopicOwner }
> = {
  name: 'funding',
  register(app, deps) {
    const { db, notices, config } = deps;
    const deposits = createDepositsRepository(db);
    // Finance reads the proofs of deposits (UPLOAD_READERS).
    deps.uploads.registerPurpose('deposit', (name, ownerId) => deposits.hasProof(ownerId, name));
    const funding: FundingDeps = {
      core: deps.core,
      transact: deps.transact,
      channels: createChannelsRepository(db),
      deposits,
      withdrawals: createWithdrawalsRepository(db),
      methods: createDrawMethodsRepository(db),
      uploads: deps.uploads,
      users: deps.users,
      notices,
      // A decision is told by the trader's choices for deposits and withdrawals (issue 41).
      noticesOn: (executor: ChoiceExecutor) => ({
        record: (notice: TraderNotice) =>
          createChosenNotices(executor, notices).record(
            [{ ...notice, kind: 'funding', name: notice.kind, vars: { ...notice.vars } }],
            deps.now(),
          ),
      }),
      confirmPassword: createPasswordConfirmation({
        hasher: deps.hasher,
        limiter: deps.limiter,
        wrong: 'PASSWORD_WRONG',
      }),
      rules: config.withdrawals,
      limits: {
        depositFourEyes: parseMicros(config.deposits.fourEyesUsd),
        withdrawalFourEyes: parseMicros(config.withdrawals.fourEyesUsd),
        dailyLimit: parseMicros(config.withdrawals.dailyLimitUsd),
      },
      now: deps.now,
    };
    registerFundingRoutes(app, { funding, authenticate: deps.sessions.authenticate });
    registerFundingAdminRoutes(app, { auth: deps.auth, funding });
    return { api: { topic: createFundingTopic(deps.bus) } };
  },
};
