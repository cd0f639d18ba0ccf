import { asMicros, type LedgerKind, type Micros } from '@tradedesk/engine';
import { toBigInt, toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import type { CoreTables } from './tables.ts';

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

const COLUMNS = ['user_id', 'balance', 'lock_balance', 'margin_held', 'version'] as const;

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

/** Ids per statement: SQLite bounds the number of parameters in one statement. */
const CHUNK = 500;

/**
 * Accounts as they stand on the executor given, without locking them: what a page shows, or
 * memory's start. Other modules read accounts through these (the core owns the table).
 */
export function createAccountReads(executor: Executor<CoreTables>) {
  return {
    async find(userId: number): Promise<AccountState | undefined> {
      const row = await executor
        .selectFrom('accounts')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toState(row);
    },
    /** Many accounts in few queries (memory's start). */
    async findMany(userIds: readonly number[]): Promise<AccountState[]> {
      const found: AccountState[] = [];
      for (let i = 0; i < userIds.length; i += CHUNK) {
        const rows = await executor
          .selectFrom('accounts')
          .select(COLUMNS)
          .where('user_id', 'in', userIds.slice(i, i + CHUNK))
          .execute();
        found.push(...rows.map(toState));
      }
      return found;
    },
  };
}

export type AccountReads = ReturnType<typeof createAccountReads>;

/**
 * The accounts and their ledger as the command core writes them, on the executor it is bound
 * to: the command's transaction. `lockRows`: PostgreSQL's row locks (SQLite has one writer).
 */
export function createAccountsRepository(
  executor: Executor<CoreTables>,
  options: { lockRows: boolean },
) {
  /** The account row, locked as asked (PostgreSQL only: SQLite has one writer anyway). */
  async function read(userId: number, lock: 'share' | 'update'): Promise<AccountState | undefined> {
    let query = executor.selectFrom('accounts').select(COLUMNS).where('user_id', '=', userId);
    if (options.lockRows && lock === 'share') query = query.forShare();
    if (options.lockRows && lock === 'update') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toState(row);
  }

  return {
    ...createAccountReads(executor),
    /** Creates the account if missing; true when this call created it. */
    async create(userId: number, at: number): Promise<boolean> {
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
     * Reads the account for a consistent picture of it within the transaction: `FOR SHARE` on
     * PostgreSQL waits for a command holding the account to commit.
     */
    readShared: (userId: number) => read(userId, 'share'),
    /**
     * Reads the account and keeps it locked until the transaction ends: `FOR UPDATE` on
     * PostgreSQL; on SQLite the transaction already holds the only writer.
     */
    lock: (userId: number) => read(userId, 'update'),
    /**
     * Writes the account's new figures and version if it is still at `expectedVersion`;
     * false when it is not (the caller's command must fail).
     */
    async writeState(state: AccountState, expectedVersion: number, at: number): Promise<boolean> {
      const result = await executor
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
    async appendLedger(rows: readonly NewLedgerRow[]): Promise<void> {
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
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** The accounts repository of a deployment (its dialect decides the row locks), on any executor. */
export type AccountsOn = (executor: Executor<CoreTables>) => AccountsRepository;
