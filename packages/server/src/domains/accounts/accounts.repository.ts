import type { LedgerKind, Micros } from '@tradedesk/engine';
import type { Executor } from '../../db/executor.ts';
import { toBigInt, toInt } from '../../db/schema.ts';

export interface AccountRecord {
  userId: number;
  balance: Micros;
  lockBalance: Micros;
}

export interface LedgerRecord {
  id: number;
  amount: Micros;
  kind: LedgerKind;
  orderId: number | null;
  balanceAfter: Micros;
  createdAt: number;
}

export function createAccountsRepository(db: Executor, options: { lockRows: boolean }) {
  return {
    /** Creates the account if missing; true when this call created it. */
    async create(userId: number, at: number, executor: Executor = db): Promise<boolean> {
      const created = await executor
        .insertInto('accounts')
        .values({ user_id: userId, balance: 0n, lock_balance: 0n, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return created !== undefined;
    },

    /** Reads the account; inside a PostgreSQL transaction the row stays locked until commit. */
    async find(userId: number, executor: Executor = db): Promise<AccountRecord | undefined> {
      let query = executor
        .selectFrom('accounts')
        .select(['user_id', 'balance', 'lock_balance'])
        .where('user_id', '=', userId);
      if (options.lockRows && executor !== db) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return (
        row && {
          userId: toInt(row.user_id),
          balance: toBigInt(row.balance),
          lockBalance: toBigInt(row.lock_balance),
        }
      );
    },

    /** The accounts of many users in one query (the trading host's start). */
    async findMany(userIds: readonly number[]): Promise<AccountRecord[]> {
      const rows = [];
      // In chunks: SQLite bounds the number of parameters in one statement.
      for (let i = 0; i < userIds.length; i += 500) {
        rows.push(
          ...(await db
            .selectFrom('accounts')
            .select(['user_id', 'balance', 'lock_balance'])
            .where('user_id', 'in', userIds.slice(i, i + 500))
            .execute()),
        );
      }
      return rows.map((row) => ({
        userId: toInt(row.user_id),
        balance: toBigInt(row.balance),
        lockBalance: toBigInt(row.lock_balance),
      }));
    },

    async setBalances(account: AccountRecord, at: number, executor: Executor): Promise<void> {
      await executor
        .updateTable('accounts')
        .set({ balance: account.balance, lock_balance: account.lockBalance, updated_at: at })
        .where('user_id', '=', account.userId)
        .execute();
    },

    async appendLedger(
      rows: readonly {
        userId: number;
        amount: Micros;
        kind: LedgerKind;
        orderId: number | null;
        balanceAfter: Micros;
        at: number;
      }[],
      executor: Executor,
    ): Promise<void> {
      if (rows.length === 0) return;
      await executor
        .insertInto('ledger')
        .values(
          rows.map((r) => ({
            user_id: r.userId,
            amount: r.amount,
            kind: r.kind,
            order_id: r.orderId,
            balance_after: r.balanceAfter,
            created_at: r.at,
          })),
        )
        .execute();
    },

    async ledgerPage(
      userId: number,
      page: number,
      size: number,
    ): Promise<{ rows: LedgerRecord[]; total: number }> {
      const rows = await db
        .selectFrom('ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const { n } = await db
        .selectFrom('ledger')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        rows: rows.map((r) => ({
          id: toInt(r.id),
          amount: toBigInt(r.amount),
          kind: r.kind as LedgerKind,
          orderId: r.order_id === null ? null : toInt(r.order_id),
          balanceAfter: toBigInt(r.balance_after),
          createdAt: toInt(r.created_at),
        })),
        total: Number(n),
      };
    },

    /** Σ ledger of an account: the checker compares it with the balance. */
    async ledgerSum(userId: number): Promise<Micros> {
      const rows = await db
        .selectFrom('ledger')
        .select('amount')
        .where('user_id', '=', userId)
        .execute();
      return rows.reduce((sum, r) => sum + toBigInt(r.amount), 0n);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
