import type { AppModule } from '../../platform/app/module.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { Operators } from '../../platform/operators/operators.module.ts';
import type { PasswordHasher } from '../../platform/security/password-hasher.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { IdentitiesRepository, IdentityService } from '../identity/index.ts';
import type { MarketService } from '../market/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { type OrdersRepository, toWireOrder } from '../trading/index.ts';
import type { SessionsService, UsersRepository } from '../users/index.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import {
  forgetBootstrapCredentials,
  readBootstrapCredentials,
  writeBootstrapCredentials,
} from './bootstrap-credentials.ts';
import { createOperatorsService } from './operators.service.ts';
import type { BootstrappedOwner } from './owner-banner.ts';
import type { WithdrawalPaidTimes } from './trader-views.ts';

/**
 * The back office's own calls: traders, operators, identity decisions, settings — and, on an
 * empty database, the owner it creates (its password goes to the start-up banner and a file).
 */
export const adminModule: AppModule<
  {
    /** An operator's change and its audit row, in one transaction across their modules. */
    transact: Transact;
    operators: Operators;
    users: UsersRepository;
    sessions: SessionsService;
    accounts: AccountsService;
    identity: IdentityService;
    identities: IdentitiesRepository;
    /** Trading's orders on the root database: a trader's live ones. */
    orders: OrdersRepository;
    /** Funding's read of when withdrawals were paid, beside their ledger rows. */
    withdrawalPaidTimes: WithdrawalPaidTimes;
    settings: SettingsService;
    /** Absent where the market is not run: live orders then show as none. */
    market: MarketService | undefined;
    hasher: PasswordHasher;
    owner: { email: string | undefined; password: string | undefined; dataDir: string };
    onSettingsChanged: () => Promise<void>;
    now: () => number;
  },
  { bootstrappedOwner: BootstrappedOwner | undefined }
> = {
  name: 'admin',
  async register(app, deps) {
    const { transact, market, orders, now } = deps;
    const operators = createOperatorsService({
      transact,
      operators: deps.operators.repository,
      hasher: deps.hasher,
      now,
    });
    registerAdminRoutes(app, {
      transact,
      auth: deps.operators.auth,
      listAudit: deps.operators.listAudit,
      users: createAdminUsersService({
        ...deps,
        liveOrdersOf: async (userId) =>
          market ? (await orders.liveOf(userId)).map((order) => toWireOrder(order, market)) : [],
      }),
      operators,
      identity: deps.identity,
      settings: deps.settings,
      now,
      onSettingsChanged: deps.onSettingsChanged,
      onPasswordChanged: (operator) =>
        forgetBootstrapCredentials(deps.owner.dataDir, operator.email).catch((error) =>
          app.log.error({ err: error }, 'could not remove the first password file'),
        ),
    });
    const bootstrapped = await operators.bootstrap(deps.owner);
    if (!bootstrapped) {
      // A first password generated before its change was required, still in use.
      const generated = await readBootstrapCredentials(deps.owner.dataDir);
      if (generated) await operators.flagGeneratedPassword(generated);
      return { api: { bootstrappedOwner: undefined } };
    }
    const file = await writeBootstrapCredentials(deps.owner.dataDir, bootstrapped);
    // The password goes to the start-up banner and the file, never into the structured log.
    app.log.warn(
      { email: bootstrapped.email, file },
      'Back office owner created; its password is in the start-up banner and in the file',
    );
    return { api: { bootstrappedOwner: { ...bootstrapped, file } } };
  },
};
