import type { Kysely } from 'kysely';
import { type AppModule, registered } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import type { MarketRepository } from '../market/index.ts';
import type { OrdersRepository, TradingService } from '../trading/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createLeadersList } from './copy-leaders.admin.ts';
import { createCopySignalsAdmin } from './copy-signals.admin.ts';
import { copyEquity, peopleOf } from './copying.admin.lookups.ts';
import { createCopyingAdminRepository } from './copying.admin.repository.ts';
import { registerCopyingAdminRoutes } from './copying.admin.routes.ts';
import { createLeaderSettingsRepository } from './leader-settings.repository.ts';
import type { CopyingTables } from './tables.ts';

/**
 * Copy trading in the back office (issue 29). A module of its own, added with the back
 * office: operator calls need the operators' `auth`, which exists only after copying's own
 * module, and they answer (and refuse by role) on nodes without a market too, where copy
 * accounts are valued at their stored cash.
 */
export const copyingAdminModule: AppModule<{
  db: Kysely<CopyingTables>;
  /** Hiding a leader, putting a signal back: each with its audit row. */
  transact: Transact;
  bus: Bus;
  users: Pick<UsersRepository, 'findByIds'>;
  accountsRepository: Pick<AccountsRepository, 'findMany'>;
  /** Trading's orders and the market's instruments name a set-aside signal's instrument. */
  orders: Pick<OrdersRepository, 'find'>;
  instruments: Pick<MarketRepository, 'instruments'>;
  /** Which traders are the ranking's sample traders (the leaders list marks them). */
  sampleTradersAmong: (ids: readonly number[]) => Promise<Set<number>>;
  auth: AdminAuth;
  trading?: TradingService | undefined;
  now: () => number;
}> = {
  name: 'copying-admin',
  register(app, deps) {
    const { transact, bus, now } = deps;
    const repository = createCopyingAdminRepository(deps.db);
    const settings = createLeaderSettingsRepository(deps.db);
    const people = peopleOf(deps.users);
    const equityOf = copyEquity({ accounts: deps.accountsRepository, trading: deps.trading });
    const leaders = createLeadersList({
      repository,
      settings,
      equityOf,
      people,
      sampleTradersAmong: deps.sampleTradersAmong,
    });
    const copySignals = createCopySignalsAdmin({
      db: deps.db,
      transact,
      users: deps.users,
      orders: deps.orders,
      instruments: deps.instruments,
      now,
    });
    registerCopyingAdminRoutes(app, {
      auth: deps.auth,
      leaders,
      copies: { repository, equityOf, people },
      hiding: { transact, settings, people, bus, now, leader: leaders.leader },
      copySignals,
    });
    return registered(undefined);
  },
};
