import type { Selectable } from 'kysely';
import type { Executor } from '../db/executor.ts';
import type { NoticeChannelName, NoticeOutboxTable, NoticeTables } from './tables.ts';

export type NoticeRow = Selectable<NoticeOutboxTable>;

/** A notice as the outbox keeps it until it is sent. */
export interface NewNotice {
  key: string;
  userId: number;
  kind: string;
  vars: Readonly<Record<string, string | number>>;
  language: string;
  /** Absent: 'contact' (e-mail, else text). */
  channel?: NoticeChannelName;
  at: number;
  /** When the poll may take it, if the committing node has not sent it by then. */
  dueAt: number;
}

/**
 * The notice outbox's rows: claimed by a conditional update that changes a row for one node
 * only, whichever asks first, then marked sent or due again.
 */
export function createNoticeOutbox(executor: Executor<NoticeTables>) {
  return {
    /** A key recorded already is left as it is: a decision is told once. */
    async insert(notice: NewNotice): Promise<void> {
      await executor
        .insertInto('notice_outbox')
        .values({
          dedupe_key: notice.key,
          user_id: notice.userId,
          kind: notice.kind,
          vars: JSON.stringify(notice.vars),
          language: notice.language,
          channel: notice.channel ?? 'contact',
          created_at: notice.at,
          next_attempt_at: notice.dueAt,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },

    /** Claims the rows of `keys` nobody has tried yet, until `leaseUntil`. */
    claimKeys(keys: readonly string[], leaseUntil: number): Promise<NoticeRow[]> {
      return executor
        .updateTable('notice_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
        .where('dedupe_key', 'in', keys)
        .where('attempts', '=', 0)
        .where('sent_at', 'is', null)
        .returningAll()
        .execute();
    },

    /**
     * Claims up to `batch` rows due at `at`. The outer condition is checked again on the row as
     * it stands when this update gets its lock (PostgreSQL re-reads a row another transaction
     * changed), so of two nodes picking the same row only the first changes it; SQLite has one
     * writer anyway.
     */
    claimDue(at: number, leaseUntil: number, batch: number): Promise<NoticeRow[]> {
      return executor
        .updateTable('notice_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('notice_outbox')
            .select('id')
            .where('next_attempt_at', '<=', at)
            .orderBy('next_attempt_at')
            .limit(batch),
        )
        .where('next_attempt_at', '<=', at)
        .returningAll()
        .execute();
    },

    async markSent(id: number, at: number): Promise<void> {
      await executor
        .updateTable('notice_outbox')
        .set({ sent_at: at, next_attempt_at: null, last_error: null })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /**
     * Keeps a failed attempt's error and when to try again (null: never), unless another node
     * has claimed the row since (its attempt).
     */
    async markFailed(failed: {
      id: number;
      attempts: number;
      nextAttemptAt: number | null;
      error: string;
    }): Promise<void> {
      await executor
        .updateTable('notice_outbox')
        .set({ next_attempt_at: failed.nextAttemptAt, last_error: failed.error })
        .where('id', '=', failed.id)
        .where('attempts', '=', failed.attempts)
        .where('sent_at', 'is', null)
        .execute();
    },

    async pruneSentBefore(at: number): Promise<void> {
      await executor.deleteFrom('notice_outbox').where('sent_at', '<', at).execute();
    },
  };
}

export type NoticeOutbox = ReturnType<typeof createNoticeOutbox>;
