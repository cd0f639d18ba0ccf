import { asMicros, type LedgerKind, type Micros, sumMicros } from '@tradedesk/engine';
import type { Executor } from '../db/executor.ts';
import { toBigInt, toInt } from '../db/schema.ts';

export interface AccountRecord {
  userId: number;
  /** What margin and reserves left: below 0 only beside open positions (CHECK). */
  balance: Micros;
  /** Reserves of pending orders and withdrawals on hold. */
  lockBalance: Micros;
  /** Σ margins of open positions. */
  marginHeld: Micros;
}

/** The account as the command core holds it: figures and the version commands compare. */
export interface AccountState extends AccountRecord {
  version: number;
}

/** A ledger row to write: one balance change and the balance after it. */
export interface NewLedgerRow {
  userId: number;
  amount: Micros;
  kind: LedgerKind;
  orderId: number | null;
  /** The deposit or withdrawal a funding row belongs to. */
  fundingId: number | null;
  balanceAfter: Micros;
  at: number;
}

/**
 * Ledger kinds that record a move of the held amount (lock_balance) and post 0 on the
 * balance: a withdrawal's payout, whose money left the balance at its hold. Listed to the
 * trader they read as "paid out 0.00"; the withdrawal list shows the payout instead.
 * Other rows of 0 stay listed: a demo reset of an untouched account, a trade closed flat or
 * charged no fee are things that happened to the balance's owner.
 */
export const HELD_AMOUNT_ONLY_KINDS: readonly LedgerKind[] = ['withdraw-payout'];

export interface LedgerRecord {
  id: number;
  amount: Micros;
  kind: LedgerKind;
  orderId: number | null;
  balanceAfter: Micros;
  createdAt: number;
}

export function createAccountsRepository(db: Executor, options: { lockRows: boolean }) {
  const toState = (row: {
    user_id: number | bigint;
    balance: number | bigint;
    lock_balance: number | bigint;
    margin_held: number | bigint;
    version: number | bigint;
  }): AccountState => ({
    userId: toInt(row.user_id),
    // Money columns are micro-USD: they get their unit here, as they are read.
    balance: asMicros(toBigInt(row.balance)),
    lockBalance: asMicros(toBigInt(row.lock_balance)),
    marginHeld: asMicros(toBigInt(row.margin_held)),
    version: toInt(row.version),
  });
  const columns = ['user_id', 'balance', 'lock_balance', 'margin_held', 'version'] as const;

  /** The account row, locked as asked (PostgreSQL only: SQLite has one writer anyway). */
  async function read(
    userId: number,
    executor: Executor,
    lock: 'none' | 'share' | 'update',
  ): Promise<AccountState | undefined> {
    let query = executor.selectFrom('accounts').select(columns).where('user_id', '=', userId);
    if (options.lockRows && lock === 'share') query = query.forShare();
    if (options.lockRows && lock === 'update') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toState(row);
  }

  return {
    /** Creates the account if missing; true when this call created it. */
    async create(userId: number, at: number, executor: Executor): Promise<boolean> {
      const created = await executor
        .insertInto('accounts')
        .values({
          user_id: userId,
          balance: 0n,
          lock_balance: 0n,
          margin_held: 0n,
          version: 0,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return created !== undefined;
    },
    /**
     * Whether the account's owner is a demo user (whose account opens funded). A demo
     * follower's copy account is demo money too, but opens with what the follower moves in.
     */
    async isDemoUser(userId: number, executor: Executor): Promise<boolean> {
      const row = await executor
        .selectFrom('users')
        .select('is_demo')
        .where('id', '=', userId)
        .where('owner_id', 'is', null)
        .executeTakeFirst();
      return row !== undefined && toInt(row.is_demo) === 1;
    },
    /** Reads the account without locking it (what a page shows). */
    find: (userId: number, executor: Executor = db) => read(userId, executor, 'none'),
    /**
     * Reads the account for a consistent picture of it within `trx`: `FOR SHARE` on
     * PostgreSQL waits for a command holding the account to commit.
     */
    readShared: (userId: number, trx: Executor) => read(userId, trx, 'share'),
    /** Many accounts in few queries (memory's start). */
    async findMany(userIds: readonly number[], executor: Executor = db): Promise<AccountState[]> {
      const found: AccountState[] = [];
      // In chunks: SQLite bounds the number of parameters in one statement.
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await executor
          .selectFrom('accounts')
          .select(columns)
          .where('user_id', 'in', userIds.slice(i, i + 500))
          .execute();
        found.push(...rows.map(toState));
      }
      return found;
    },
    /**
     * Reads the account and keeps it locked until the transaction ends: `FOR UPDATE` on
     * PostgreSQL; on SQLite the transaction already holds the only writer.
     */
    lock: (userId: number, trx: Executor) => read(userId, trx, 'update'),
    /**
     * Writes the account's new figures and version if it is still at `expectedVersion`;
     * false when it is not (the caller's command must fail).
     */
    async writeState(
      state: AccountState,
      expectedVersion: number,
      at: number,
      trx: Executor,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('accounts')
        .set({
          balance: state.balance,
          lock_balance: state.lockBalance,
          margin_held: state.marginHeld,
          version: state.version,
          updated_at: at,
        })
        .where('user_id', '=', state.userId)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async appendLedger(rows: readonly NewLedgerRow[], executor: Executor): Promise<void> {
      if (rows.length === 0) return;
      await executor
        .insertInto('ledger')
        .values(
          rows.map((r) => ({
            user_id: r.userId,
            amount: r.amount,
            kind: r.kind,
            order_id: r.orderId,
            funding_id: r.fundingId,
            balance_after: r.balanceAfter,
            created_at: r.at,
          })),
        )
        .execute();
    },

    /**
     * A page of an account's ledger, newest first. `traderView` leaves out the rows of 0 whose
     * kind moves only the held amount (HELD_AMOUNT_ONLY_KINDS) in the query itself, so pages
     * stay full and `total` counts what is listed.
     */
    async ledgerPage(
      userId: number,
      page: number,
      size: number,
      options: { traderView: boolean },
    ): Promise<{ rows: LedgerRecord[]; total: number }> {
      const ofAccount = db
        .selectFrom('ledger')
        .where('user_id', '=', userId)
        .$if(options.traderView, (q) =>
          q.where((eb) =>
            eb.or([eb('amount', '<>', 0n), eb('kind', 'not in', HELD_AMOUNT_ONLY_KINDS)]),
          ),
        );
      const rows = await ofAccount
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const { n } = await ofAccount
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return {
        rows: rows.map((r) => ({
          id: toInt(r.id),
          amount: asMicros(toBigInt(r.amount)),
          kind: r.kind as LedgerKind,
          orderId: r.order_id === null ? null : toInt(r.order_id),
          balanceAfter: asMicros(toBigInt(r.balance_after)),
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
      return sumMicros(rows.map((r) => asMicros(toBigInt(r.amount))));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
