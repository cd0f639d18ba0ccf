import { ZERO_MICROS } from '@tradedesk/engine';
import type { AccountsOn } from '../../platform/core/accounts.repository.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { AccountView } from './account-views.ts';
import { createOrdersRepository } from './orders.repository.ts';

/**
 * Reads one account's view from the database as one consistent picture: its figures and
 * version with exactly the live orders of that version (a command in progress is waited for).
 */
export function createAccountSnapshots(deps: {
  /** A transaction of the store's database, each module's reads through its repositories. */
  transact: Transact;
  /** The same at repeatable read: one snapshot for every statement. */
  readSnapshot: Transact;
  /** The accounts on a transaction (the command core's repository). */
  accountsOn: AccountsOn;
}) {
  const { accountsOn } = deps;
  return {
    load(accountId: number): Promise<AccountView> {
      return deps.transact(async (scope) => {
        const account = await scope.repository(accountsOn).readShared(accountId);
        const live = await scope.repository(createOrdersRepository).liveOf(accountId);
        return {
          accountId,
          version: account?.version ?? 0,
          balance: account?.balance ?? ZERO_MICROS,
          lockBalance: account?.lockBalance ?? ZERO_MICROS,
          orders: new Map(live.map((order) => [order.id, order])),
        };
      });
    },

    /** Every account with live orders, from one snapshot of the database (the host's start). */
    loadLive(): Promise<AccountView[]> {
      return deps.readSnapshot(async (scope) => {
        const live = await scope.repository(createOrdersRepository).live();
        const owners = [...new Set(live.map((o) => o.userId))];
        const views = new Map<number, AccountView>();
        for (const account of await scope.repository(accountsOn).findMany(owners))
          views.set(account.userId, {
            accountId: account.userId,
            version: account.version,
            balance: account.balance,
            lockBalance: account.lockBalance,
            orders: new Map(),
          });
        for (const order of live) views.get(order.userId)?.orders.set(order.id, order);
        return [...views.values()];
      });
    },
  };
}

export type AccountSnapshots = ReturnType<typeof createAccountSnapshots>;
