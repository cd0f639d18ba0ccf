import type { AppModule } from '../../platform/app/module.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { UserRecord } from '../users/index.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';

/** Trading accounts: opening one (a demo is funded), the demo reset, the balance calls. */
export const accountsModule: AppModule<
  {
    repository: AccountsRepository;
    core: CommandCore;
    demoStartBalance: string;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
  AccountsService
> = {
  name: 'accounts',
  register(app, { repository, core, demoStartBalance, authenticate }) {
    const accounts = createAccountsService({ repository, core, demoStartBalance });
    registerAccountsRoutes(app, { accounts, authenticate });
    return { api: accounts };
  },
};
