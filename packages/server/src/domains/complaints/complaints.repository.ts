import { COMPLAINT_STATUSES, type ComplaintStatusCode, PAGE_SIZE } from '@tradedesk/contract';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { ComplaintsTables } from './tables.ts';

const { received, handled } = COMPLAINT_STATUSES;

export interface ComplaintRecord {
  id: number;
  userId: number;
  subject: string;
  message: string;
  language: string;
  status: ComplaintStatusCode;
  createdAt: number;
  handledAt: number | null;
  handledBy: number | null;
  /** The desk's answer, which the trader reads; null until answered. */
  answer: string | null;
  answeredAt: number | null;
  answeredBy: number | null;
}

type Row = {
  id: number | bigint;
  user_id: number | bigint;
  subject: string;
  message: string;
  language: string;
  status: number | bigint;
  created_at: number | bigint;
  handled_at: number | bigint | null;
  handled_by: number | bigint | null;
  answer: string | null;
  answered_at: number | bigint | null;
  answered_by: number | bigint | null;
};

const nullableInt = (v: number | bigint | null) => (v === null ? null : toInt(v));

function toRecord(r: Row): ComplaintRecord {
  return {
    id: toInt(r.id),
    userId: toInt(r.user_id),
    subject: r.subject,
    message: r.message,
    language: r.language,
    status: toInt(r.status) === handled ? handled : received,
    createdAt: toInt(r.created_at),
    handledAt: nullableInt(r.handled_at),
    handledBy: nullableInt(r.handled_by),
    answer: r.answer,
    answeredAt: nullableInt(r.answered_at),
    answeredBy: nullableInt(r.answered_by),
  };
}

const COLUMNS = [
  'complaints.id',
  'complaints.user_id',
  'complaints.subject',
  'complaints.message',
  'complaints.language',
  'complaints.status',
  'complaints.created_at',
  'complaints.handled_at',
  'complaints.handled_by',
  'complaints.answer',
  'complaints.answered_at',
  'complaints.answered_by',
] as const;

/**
 * Complaints, on the executor it is built on: the module's root database, or the transaction
 * of a desk's step (which commits with its audit row).
 */
export function createComplaintsRepository(executor: Executor<ComplaintsTables>) {
  /** A page of complaints, newest or oldest first, with how many match in all. */
  async function paged(
    query: ReturnType<typeof complaints>,
    order: 'asc' | 'desc',
    page: number,
  ): Promise<{ rows: ComplaintRecord[]; total: number }> {
    const [rows, count] = await Promise.all([
      query
        .select(COLUMNS)
        .orderBy('id', order)
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toRecord), total: toInt(count.n) };
  }
  const complaints = () => executor.selectFrom('complaints');

  return {
    async insert(complaint: {
      userId: number;
      subject: string;
      message: string;
      language: string;
      at: number;
    }): Promise<ComplaintRecord> {
      const row = await executor
        .insertInto('complaints')
        .values({
          user_id: complaint.userId,
          subject: complaint.subject,
          message: complaint.message,
          language: complaint.language,
          created_at: complaint.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async find(id: number): Promise<ComplaintRecord | undefined> {
      const row = await complaints().select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Newest first: the author's own list. */
    pageOf: (userId: number, page: number) =>
      paged(complaints().where('user_id', '=', userId), 'desc', page),

    /** Oldest first: the desk works through the queue in order. */
    queue: (status: ComplaintStatusCode, page: number) =>
      paged(complaints().where('status', '=', status), 'asc', page),

    /** Received → handled; false when it was not received any more (a race, or twice). */
    async markHandled(change: { id: number; operatorId: number | null; at: number }) {
      const result = await executor
        .updateTable('complaints')
        .set({ status: handled, handled_at: change.at, handled_by: change.operatorId })
        .where('id', '=', change.id)
        .where('status', '=', received)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Stores the answer, once: false when the complaint has one already. A received complaint
     * becomes handled by the same operator at the same time; a handled one keeps its handler.
     */
    async answer(change: { id: number; answer: string; operatorId: number | null; at: number }) {
      const result = await executor
        .updateTable('complaints')
        .set((eb) => ({
          answer: change.answer,
          answered_at: change.at,
          answered_by: change.operatorId,
          status: handled,
          handled_at: eb.fn.coalesce('handled_at', eb.val(change.at)),
          handled_by: eb
            .case()
            .when('status', '=', received)
            .then(change.operatorId)
            .else(eb.ref('handled_by'))
            .end(),
        }))
        .where('id', '=', change.id)
        .where('answer', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
