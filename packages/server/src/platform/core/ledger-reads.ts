import { asMicros, type LedgerKind, type Micros } from '@tradedesk/engine';
import { toBigInt, toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import type { CoreTables } from './tables.ts';

/** Ids per statement: well inside every driver's limit on bound parameters. */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** An account's balance as read now, with the version every command bumps. */
export interface AccountBalance {
  accountId: number;
  balance: Micros;
  version: number;
}

/** A ledger row: whose, which, when and how much. */
export interface LedgerAmount {
  accountId: number;
  id: number;
  at: number;
  amount: Micros;
}

/** Rows of some kinds, and the largest ledger id of each account read (of any kind). */
export interface LedgerRows {
  rows: LedgerAmount[];
  lastIds: Map<number, number>;
}

const toAmount = (row: {
  id: number | bigint;
  user_id: number | bigint;
  amount: number | bigint;
  created_at: number | bigint;
}): LedgerAmount => ({
  accountId: toInt(row.user_id),
  id: toInt(row.id),
  at: toInt(row.created_at),
  amount: asMicros(toBigInt(row.amount)),
});

/**
 * What domains read of the accounts and their ledger outside a command (issue 38: the
 * ranking's equity series), on the executor they are given — a transaction of theirs when
 * balances and rows must agree. Writes stay the command core's.
 */
export function createLedgerReads(executor: Executor<CoreTables>) {
  return {
    /** The accounts' balances and versions (an id without an account is left out). */
    async balances(accountIds: readonly number[]): Promise<AccountBalance[]> {
      const found: AccountBalance[] = [];
      for (const ids of chunks(accountIds)) {
        const rows = await executor
          .selectFrom('accounts')
          .select(['user_id', 'balance', 'version'])
          .where('user_id', 'in', ids)
          .execute();
        for (const r of rows)
          found.push({
            accountId: toInt(r.user_id),
            balance: asMicros(toBigInt(r.balance)),
            version: toInt(r.version),
          });
      }
      return found;
    },

    /** The account's balance (0 without an account). */
    async balanceOf(accountId: number): Promise<Micros> {
      const row = await executor
        .selectFrom('accounts')
        .select('balance')
        .where('user_id', '=', accountId)
        .executeTakeFirst();
      return asMicros(row ? toBigInt(row.balance) : 0n);
    },

    /** Every row of `kinds` of the accounts, and the largest ledger id of each (any kind). */
    async rowsOfKinds(
      accountIds: readonly number[],
      kinds: readonly LedgerKind[],
    ): Promise<LedgerRows> {
      const found: LedgerAmount[] = [];
      const lastIds = new Map<number, number>();
      for (const ids of chunks(accountIds)) {
        const rows = await executor
          .selectFrom('ledger')
          .select(['id', 'user_id', 'amount', 'created_at'])
          .where('user_id', 'in', ids)
          .where('kind', 'in', [...kinds])
          .execute();
        found.push(...rows.map(toAmount));
        const last = await executor
          .selectFrom('ledger')
          .select((eb) => ['user_id', eb.fn.max('id').as('id')])
          .where('user_id', 'in', ids)
          .groupBy('user_id')
          .execute();
        for (const row of last) lastIds.set(toInt(row.user_id), toInt(row.id));
      }
      return { rows: found, lastIds };
    },

    /**
     * Rows of `kinds` after a known id, per account (its index: user_id, id), and the largest
     * id read of each account. An account's rows are written under its lock, one command after
     * the other, so its ids only grow: nothing of it can appear later below the id already seen.
     */
    async rowsAfter(
      after: readonly { accountId: number; id: number }[],
      kinds: readonly LedgerKind[],
    ): Promise<LedgerRows> {
      const found: LedgerAmount[] = [];
      const lastIds = new Map<number, number>();
      const wanted: readonly string[] = kinds;
      for (const part of chunks(after)) {
        const rows = await executor
          .selectFrom('ledger')
          .select(['id', 'user_id', 'amount', 'kind', 'created_at'])
          .where((eb) =>
            eb.or(part.map((a) => eb.and([eb('user_id', '=', a.accountId), eb('id', '>', a.id)]))),
          )
          .execute();
        for (const row of rows) {
          const amount = toAmount(row);
          lastIds.set(amount.accountId, Math.max(lastIds.get(amount.accountId) ?? 0, amount.id));
          if (wanted.includes(row.kind)) found.push(amount);
        }
      }
      return { rows: found, lastIds };
    },
  };
}

export type LedgerReads = ReturnType<typeof createLedgerReads>;
