import { isLastAttempt, retryDelay } from '../../platform/core/retry-policy.ts';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import {
  encodeSignal,
  SIGNAL_CHANGE,
  SIGNAL_OUTCOME,
  type SignalRow,
  type WaitingSignal,
} from './copy-signals.ts';
import type { CopyingTables } from './tables.ts';

/**
 * The copy outbox's rows, on the executor given: written in the leader's transaction (a
 * command's repository), worked off by the mirror (on the module's root database).
 */
export function createSignalOutbox(executor: Executor<CopyingTables>) {
  return {
    async append(rows: readonly Omit<SignalRow, 'id'>[], at: number): Promise<void> {
      if (rows.length === 0) return;
      await executor
        .insertInto('copy_outbox')
        .values(
          rows.map((row) => ({
            leader_id: row.leaderId,
            leader_order_id: row.leaderOrderId,
            change: row.signal.change,
            copy_id: row.copyId,
            payload: encodeSignal(row.signal),
            created_at: at,
          })),
        )
        .execute();
    },
    /** The leader's newest signal id (0 for none): a copy starting now takes only later ones. */
    async lastId(leaderId: number): Promise<number> {
      const row = await executor
        .selectFrom('copy_outbox')
        .select((eb) => eb.fn.max('id').as('last'))
        .where('leader_id', '=', leaderId)
        .executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 0 : toInt(row.last);
    },
    /**
     * The oldest signals due at `at`, in the order they were written, as stored (the mirror
     * decodes each: one that does not decode fails alone). A leader with a signal backing off
     * is left out whole — its later signals wait behind it — so that it fills no batch.
     */
    async waiting(limit: number, at: number): Promise<WaitingSignal[]> {
      const rows = await executor
        .selectFrom('copy_outbox as o')
        .select([
          'o.id',
          'o.leader_id',
          'o.leader_order_id',
          'o.copy_id',
          'o.payload',
          'o.attempts',
        ])
        .where('o.set_aside_at', 'is', null)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('copy_outbox as b')
                .select('b.id')
                .whereRef('b.leader_id', '=', 'o.leader_id')
                .where('b.set_aside_at', 'is', null)
                .where('b.next_attempt_at', '>', at),
            ),
          ),
        )
        .orderBy('o.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: toInt(row.id),
        leaderId: toInt(row.leader_id),
        leaderOrderId: toInt(row.leader_order_id),
        copyId: row.copy_id === null ? null : toInt(row.copy_id),
        payload: row.payload,
        attempts: toInt(row.attempts),
      }));
    },
    async done(id: number): Promise<void> {
      await executor.deleteFrom('copy_outbox').where('id', '=', id).execute();
    },
    /**
     * A failed attempt (the house's policy, platform/core/retry-policy.ts): due again after
     * the back-off, or, after the last attempt, set aside with its error. Unless another node
     * has tried it since (its attempt counts instead).
     */
    async failed(row: WaitingSignal, error: string, at: number) {
      const attempts = row.attempts + 1;
      const setAside = isLastAttempt(attempts);
      await executor
        .updateTable('copy_outbox')
        .set({
          attempts,
          last_error: error.slice(0, 500),
          next_attempt_at: setAside ? null : at + retryDelay(attempts),
          set_aside_at: setAside ? at : null,
        })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .where('set_aside_at', 'is', null)
        .execute();
      return setAside ? SIGNAL_OUTCOME.setAside : SIGNAL_OUTCOME.retry;
    },
    /** Whether a close of the signal's leader order comes after it (waiting or set aside). */
    async closeFollows(row: Pick<SignalRow, 'id' | 'leaderOrderId'>): Promise<boolean> {
      const close = await executor
        .selectFrom('copy_outbox')
        .select('id')
        .where('leader_order_id', '=', row.leaderOrderId)
        .where('change', '=', SIGNAL_CHANGE.close)
        .where('id', '>', row.id)
        .executeTakeFirst();
      return close !== undefined;
    },
  };
}

export type SignalOutbox = ReturnType<typeof createSignalOutbox>;
