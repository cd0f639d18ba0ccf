import type { AppModule } from '../../platform/app/module.ts';
import type { AccountReads } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { LedgerPages } from '../../platform/core/ledger-pages.ts';
import type { UserRecord } from '../users/index.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';

/** Trading accounts: opening one (a demo is funded), the demo reset, the balance calls. */
export const accountsModule: AppModule<
  {
    accounts: AccountReads;
    ledger: LedgerPages;
    core: CommandCore;
    demoStartBalance: string;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
  AccountsService
> = {
  name: 'accounts',
  register(app, { accounts, ledger, core, demoStartBalance, authenticate }) {
    const service = createAccountsService({ accounts, ledger, core, demoStartBalance });
    registerAccountsRoutes(app, { accounts: service, authenticate });
    return { api: service };
  },
};
