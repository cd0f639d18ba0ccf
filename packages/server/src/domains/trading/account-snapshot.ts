import { ZERO_MICROS } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AccountView } from './account-views.ts';
import type { OrdersRepository } from './orders.repository.ts';

/**
 * Reads one account's view from the database as one consistent picture: its figures and
 * version with exactly the live orders of that version (a command in progress is waited for).
 */
export function createAccountSnapshots(deps: {
  db: Kysely<Database>;
  accounts: AccountsRepository;
  orders: OrdersRepository;
}) {
  const { db, accounts, orders } = deps;
  return {
    load(accountId: number): Promise<AccountView> {
      return db.transaction().execute(async (trx) => {
        const account = await accounts.readShared(accountId, trx);
        const live = await orders.liveOf(accountId, trx);
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
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const live = await orders.live(trx);
          const owners = [...new Set(live.map((o) => o.userId))];
          const views = new Map<number, AccountView>();
          for (const account of await accounts.findMany(owners, trx))
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
