import { PAGE_SIZE } from '@tradedesk/contract';
import type { AuditRow } from '@tradedesk/contract/admin';
import { toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import type { OperatorsTables } from './tables.ts';

/** Who did it: an operator, or the command line / start-up (admin null). */
export interface AuditActor {
  adminId: number | null;
  email: string;
  role: string;
  ip: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  /** The target before and after, as plain data; undefined where nothing existed. */
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Appends one row, in the caller's transaction: a write and its audit row commit together or
 * not at all. Nothing updates or deletes these rows; the database refuses it (triggers).
 */
/** The executor an audit row is written on: the change's own transaction. */
export type AuditExecutor = Executor<OperatorsTables>;

export async function appendAudit(
  executor: Executor<OperatorsTables>,
  actor: AuditActor,
  entry: AuditEntry,
  at: number,
): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      admin_id: actor.adminId,
      admin_email: actor.email,
      role: actor.role,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      before: json(entry.before),
      after: json(entry.after),
      ip: actor.ip,
      created_at: at,
    })
    .execute();
}

/**
 * The audit log on a transaction (`scope.repository(createAuditLog)`, a command's
 * `ctx.repository`): its row commits with the change it records.
 */
export function createAuditLog(executor: Executor<OperatorsTables>) {
  return {
    append: (actor: AuditActor, entry: AuditEntry, at: number) =>
      appendAudit(executor, actor, entry, at),
  };
}

/** The target type of rows about a trader: their id is target_id. */
const USER_TARGET = 'user';

/**
 * The public user numbers of traders by id: the users domain's, which this platform module
 * does not know; the composition root hands it over.
 */
export type TraderUids = (userIds: readonly number[]) => Promise<Map<number, string>>;

/**
 * The public user numbers of the traders a page of rows names, by their id as target_id holds
 * it (text).
 */
async function traderUids(uidsOf: TraderUids, targetIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(targetIds)].map(Number).filter(Number.isSafeInteger);
  if (ids.length === 0) return new Map();
  const uids = await uidsOf(ids);
  return new Map([...uids].map(([id, uid]) => [String(id), uid]));
}

/** The audit log, newest first, optionally of one operator and one action. */
export async function listAudit(
  db: Executor<OperatorsTables>,
  uidsOf: TraderUids,
  filter: { page: number; adminId?: number; action?: string },
): Promise<{ data: AuditRow[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.adminId !== undefined) query = query.where('admin_id', '=', filter.adminId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(PAGE_SIZE)
      .offset((filter.page - 1) * PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const uids = await traderUids(
    uidsOf,
    rows.filter((r) => r.target_type === USER_TARGET).map((r) => r.target_id),
  );
  return {
    data: rows.map((r) => ({
      id: toInt(r.id),
      admin_id: r.admin_id === null ? null : toInt(r.admin_id),
      admin_email: r.admin_email,
      role: r.role,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      target_uid: r.target_type === USER_TARGET ? (uids.get(r.target_id) ?? null) : null,
      before: r.before,
      after: r.after,
      ip: r.ip,
      created_at: toInt(r.created_at),
    })),
    total: toInt(count.n),
  };
}
