import { asMicros, type LedgerKind, type Micros, sumMicros } from '@tradedesk/engine';
import { toBigInt, toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import type { CoreTables } from './tables.ts';

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
  /** The deposit or withdrawal of a funding row (its kind says which). */
  fundingId: number | null;
  balanceAfter: Micros;
  createdAt: number;
}

/** An account's ledger as its pages show it (the trader's, the back office's), and its sum. */
export function createLedgerPages(executor: Executor<CoreTables>) {
  return {
    /**
     * A page of an account's ledger, newest first. `traderView` leaves out the rows of 0 whose
     * kind moves only the held amount (HELD_AMOUNT_ONLY_KINDS) in the query itself, so pages
     * stay full and `total` counts what is listed.
     */
    async page(
      userId: number,
      page: number,
      size: number,
      options: { traderView: boolean },
    ): Promise<{ rows: LedgerRecord[]; total: number }> {
      const ofAccount = executor
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
          fundingId: r.funding_id === null ? null : toInt(r.funding_id),
          balanceAfter: asMicros(toBigInt(r.balance_after)),
          createdAt: toInt(r.created_at),
        })),
        total: Number(n),
      };
    },

    /** Σ ledger of an account: the checker compares it with the balance. */
    async sum(userId: number): Promise<Micros> {
      const rows = await executor
        .selectFrom('ledger')
        .select('amount')
        .where('user_id', '=', userId)
        .execute();
      return sumMicros(rows.map((r) => asMicros(toBigInt(r.amount))));
    },
  };
}

export type LedgerPages = ReturnType<typeof createLedgerPages>;
