import { COPY_STATUSES, type CopyStatus, type CopyStopReason } from '@tradedesk/contract';
import { asMicros, type Micros } from '@tradedesk/engine';
import type { Selectable } from 'kysely';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { COPY, RUNNING_STATES } from './copy-lifecycle.ts';
import type { CopiesTable, CopyingTables } from './tables.ts';

export interface CopyRecord {
  id: number;
  followerId: number;
  leaderId: number;
  /** The copy account (a users row owned by the follower). */
  accountId: number;
  status: CopyStatus;
  copySlRate: number;
  invested: Micros;
  returned: Micros;
  copyOpen: boolean;
  fromSignal: number;
  stopReason: CopyStopReason | null;
  mirrored: number;
  skipped: number;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdAt: number;
  stoppedAt: number | null;
  /** The follower is a demo user: demo money, never counted as a real trader's following. */
  demo: boolean;
}

/** A copy that starts now: the amount moved in and the leader's newest signal it follows from. */
export interface NewCopy {
  followerId: number;
  leaderId: number;
  accountId: number;
  copySlRate: number;
  copyOpen: boolean;
  demo: boolean;
  invested: Micros;
  fromSignal: number;
  idempotencyKey: string | null;
  requestHash: string | null;
  at: number;
}

const STATES: readonly string[] = COPY_STATUSES;

/**
 * A stored status: one of the contract's. The column still admits 'opening' (before issue 36),
 * whose rows migration 018 removed and which is never written.
 */
export function copyStatus(status: CopiesTable['status']): CopyStatus {
  if (!STATES.includes(status)) throw new Error(`a copy in the retired ${status} state`);
  return status as CopyStatus;
}

export function toCopy(row: Selectable<CopiesTable>): CopyRecord {
  return {
    id: toInt(row.id),
    followerId: toInt(row.follower_id),
    leaderId: toInt(row.leader_id),
    accountId: toInt(row.account_id),
    status: copyStatus(row.status),
    copySlRate: toInt(row.copy_sl_rate),
    invested: asMicros(toBigInt(row.invested)),
    returned: asMicros(toBigInt(row.returned)),
    copyOpen: toInt(row.copy_open) === 1,
    fromSignal: toInt(row.from_signal),
    stopReason: row.stop_reason,
    mirrored: toInt(row.mirrored),
    skipped: toInt(row.skipped),
    idempotencyKey: row.idempotency_key,
    requestHash: row.request_hash,
    createdAt: toInt(row.created_at),
    stoppedAt: row.stopped_at === null ? null : toInt(row.stopped_at),
    demo: toInt(row.demo) === 1,
  };
}

/**
 * The copies (issue 29) on the executor given: a command's transaction (ctx.repository), or
 * the module's root database for what reads outside one. Every change of state is a
 * conditional update on the lifecycle's `from` (copy-lifecycle.ts).
 */
export function createCopiesRepository(executor: Executor<CopyingTables>) {
  const select = () => executor.selectFrom('copies').selectAll();
  const running = () => select().where('status', 'in', RUNNING_STATES);
  const one = async (query: ReturnType<typeof select>) => {
    const row = await query.executeTakeFirst();
    return row && toCopy(row);
  };
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows === 1n;

  return {
    find: (copyId: number) => one(select().where('id', '=', copyId)),
    findByKey: (followerId: number, key: string) =>
      one(select().where('follower_id', '=', followerId).where('idempotency_key', '=', key)),
    /** The follower's copy of the leader that runs (at most one: a partial unique index). */
    notStopped: (followerId: number, leaderId: number) =>
      one(running().where('follower_id', '=', followerId).where('leader_id', '=', leaderId)),
    /** Every running copy (the copy stop-loss watches them, the ranking counts them). */
    running: async () => (await running().execute()).map(toCopy),
    /** The follower's running copies (a demo reset stops them first). */
    runningOfFollower: async (followerId: number) =>
      (await running().where('follower_id', '=', followerId).orderBy('id').execute()).map(toCopy),
    ofFollower: async (followerId: number) =>
      (await select().where('follower_id', '=', followerId).orderBy('id', 'desc').execute()).map(
        toCopy,
      ),
    /** The copies a leader's signal goes to: running, and started before the signal. */
    async targets(leaderId: number, signalId: number) {
      const rows = await running()
        .where('leader_id', '=', leaderId)
        .where('from_signal', '<', signalId)
        .orderBy('id')
        .execute();
      return rows.map(toCopy);
    },
    /** Copies following the leader now, with real and with demo money. */
    async followersOf(leaderId: number) {
      const rows = await executor
        .selectFrom('copies')
        .select((eb) => ['demo', eb.fn.countAll<number | bigint>().as('n')])
        .where('leader_id', '=', leaderId)
        .where('status', 'in', RUNNING_STATES)
        .groupBy('demo')
        .execute();
      const count = (demo: number) => toInt(rows.find((r) => toInt(r.demo) === demo)?.n ?? 0);
      return { real: count(0), demo: count(1) };
    },
    /** Whether the account has copies that follow it now (its commands write signals). */
    async isLeading(accountId: number): Promise<boolean> {
      const row = await executor
        .selectFrom('copies')
        .select('id')
        .where('leader_id', '=', accountId)
        .where('status', 'in', RUNNING_STATES)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** A copy that starts now (COPY.start), written in the transaction that moves the money. */
    async insertStarted(copy: NewCopy): Promise<number> {
      const { id } = await executor
        .insertInto('copies')
        .values({
          follower_id: copy.followerId,
          leader_id: copy.leaderId,
          account_id: copy.accountId,
          status: COPY.start.to,
          copy_sl_rate: copy.copySlRate,
          invested: copy.invested,
          from_signal: copy.fromSignal,
          copy_open: copy.copyOpen ? 1 : 0,
          demo: copy.demo ? 1 : 0,
          idempotency_key: copy.idempotencyKey,
          request_hash: copy.requestHash,
          created_at: copy.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(id);
    },
    /** A step of the lifecycle; false when the copy was in none of the states it leaves. */
    move: async (copyId: number, step: { from: readonly CopyStatus[]; to: CopyStatus }) =>
      changed(
        await executor
          .updateTable('copies')
          .set({ status: step.to })
          .where('id', '=', copyId)
          .where('status', 'in', step.from)
          .executeTakeFirst(),
      ),
    /** Adds `delta` to what was invested, while the copy runs; false otherwise. */
    addInvested: async (copyId: number, delta: Micros) =>
      changed(
        await executor
          .updateTable('copies')
          .set((eb) => ({ invested: eb('invested', '+', delta) }))
          .where('id', '=', copyId)
          .where('status', 'in', RUNNING_STATES)
          .executeTakeFirst(),
      ),
    stop: async (copyId: number, stop: { returned: Micros; reason: CopyStopReason; at: number }) =>
      changed(
        await executor
          .updateTable('copies')
          .set({
            status: COPY.stop.to,
            returned: stop.returned,
            stop_reason: stop.reason,
            stopped_at: stop.at,
          })
          .where('id', '=', copyId)
          .where('status', 'in', COPY.stop.from)
          .executeTakeFirst(),
      ),
  };
}

export type CopiesRepository = ReturnType<typeof createCopiesRepository>;
