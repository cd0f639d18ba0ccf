import { PAGE_SIZE } from '@tradedesk/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { toInt } from '../../platform/db/schema.ts';

export interface ComplaintRecord {
  id: number;
  userId: number;
  subject: string;
  message: string;
  language: string;
  status: 0 | 1;
  createdAt: number;
  handledAt: number | null;
  handledBy: number | null;
}

/** A complaint with its trader and handler, as the support desk lists it. */
export interface DeskComplaintRecord extends ComplaintRecord {
  uid: string;
  email: string | null;
  mobile: string | null;
  handledByEmail: string | null;
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
};

const nullableInt = (v: number | bigint | null) => (v === null ? null : toInt(v));

function toRecord(r: Row): ComplaintRecord {
  return {
    id: toInt(r.id),
    userId: toInt(r.user_id),
    subject: r.subject,
    message: r.message,
    language: r.language,
    status: toInt(r.status) === 1 ? 1 : 0,
    createdAt: toInt(r.created_at),
    handledAt: nullableInt(r.handled_at),
    handledBy: nullableInt(r.handled_by),
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
] as const;

/** Complaints: Kysely only; every method takes the executor of the caller's transaction. */
export function createComplaintsRepository(db: Executor) {
  /** Complaints with their trader and the operator who handled them. */
  const desk = () =>
    db
      .selectFrom('complaints')
      .innerJoin('users', 'users.id', 'complaints.user_id')
      .leftJoin('operators', 'operators.id', 'complaints.handled_by')
      .select(COLUMNS)
      .select(['users.uid', 'users.email', 'users.mobile', 'operators.email as handler']);
  const toDeskRecord = (
    r: Row & { uid: string; email: string | null; mobile: string | null; handler: string | null },
  ): DeskComplaintRecord => ({
    ...toRecord(r),
    uid: r.uid,
    email: r.email,
    mobile: r.mobile,
    handledByEmail: r.handler,
  });

  return {
    async insert(
      complaint: { userId: number; subject: string; message: string; language: string; at: number },
      executor: Executor,
    ): Promise<ComplaintRecord> {
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

    async find(id: number, executor: Executor = db): Promise<ComplaintRecord | undefined> {
      const row = await executor
        .selectFrom('complaints')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Newest first: the author's own list. */
    async pageOf(
      userId: number,
      page: number,
    ): Promise<{ rows: ComplaintRecord[]; total: number }> {
      const mine = db.selectFrom('complaints').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        mine
          .select(COLUMNS)
          .orderBy('id', 'desc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        mine.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRecord), total: toInt(count.n) };
    },

    /** Oldest first: the desk works through the queue in order. */
    async queue(
      status: 0 | 1,
      page: number,
    ): Promise<{ rows: DeskComplaintRecord[]; total: number }> {
      const [rows, count] = await Promise.all([
        desk()
          .where('complaints.status', '=', status)
          .orderBy('complaints.id', 'asc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        db
          .selectFrom('complaints')
          .where('status', '=', status)
          .select((eb) => eb.fn.countAll<number | bigint>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toDeskRecord), total: toInt(count.n) };
    },

    async deskView(id: number): Promise<DeskComplaintRecord | undefined> {
      const row = await desk().where('complaints.id', '=', id).executeTakeFirst();
      return row ? toDeskRecord(row) : undefined;
    },

    /** Received → handled; false when it was not received any more (a race, or twice). */
    async markHandled(
      change: { id: number; operatorId: number | null; at: number },
      executor: Executor,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('complaints')
        .set({ status: 1, handled_at: change.at, handled_by: change.operatorId })
        .where('id', '=', change.id)
        .where('status', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
