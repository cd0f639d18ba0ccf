import type { CopySkipReason, CopyStatus, CopyStopReason } from '@tradedesk/contract';
import { asMicros, type Micros } from '@tradedesk/engine';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type CopiesTable, toBigInt, toInt } from '../../platform/db/schema.ts';
import { COPY, RUNNING_STATES } from './copy-lifecycle.ts';

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

/** A stored status; 'opening' rows were removed by migration 018 and are never written. */
function copyStatus(status: CopiesTable['status']): CopyStatus {
  if (status === 'opening') throw new Error('a copy in the retired opening state');
  return status;
}

function toCopy(row: Selectable<CopiesTable>): CopyRecord {
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

/** The copies and what each did with the leaders' orders (issue 29). */
export function createCopiesRepository(db: Executor) {
  const select = (executor: Executor) => executor.selectFrom('copies').selectAll();
  return {
    async find(copyId: number, executor: Executor = db): Promise<CopyRecord | undefined> {
      const row = await select(executor).where('id', '=', copyId).executeTakeFirst();
      return row && toCopy(row);
    },
    async findByAccount(accountId: number, executor: Executor = db) {
      const row = await select(executor).where('account_id', '=', accountId).executeTakeFirst();
      return row && toCopy(row);
    },
    async findByKey(followerId: number, key: string, executor: Executor = db) {
      const row = await select(executor)
        .where('follower_id', '=', followerId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && toCopy(row);
    },
    /** The follower's copy of the leader that runs (at most one: a partial unique index). */
    async notStopped(followerId: number, leaderId: number, executor: Executor = db) {
      const row = await select(executor)
        .where('follower_id', '=', followerId)
        .where('leader_id', '=', leaderId)
        .where('status', 'in', RUNNING_STATES)
        .executeTakeFirst();
      return row && toCopy(row);
    },
    /** The follower's running copies (a demo reset stops them first). */
    async runningOfFollower(followerId: number, executor: Executor = db): Promise<CopyRecord[]> {
      const rows = await select(executor)
        .where('follower_id', '=', followerId)
        .where('status', 'in', RUNNING_STATES)
        .orderBy('id')
        .execute();
      return rows.map(toCopy);
    },
    async ofFollower(followerId: number, executor: Executor = db): Promise<CopyRecord[]> {
      const rows = await select(executor)
        .where('follower_id', '=', followerId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toCopy);
    },
    /** The copies a leader's signal goes to: running, and started before the signal. */
    async targets(leaderId: number, signalId: number, executor: Executor = db) {
      const rows = await select(executor)
        .where('leader_id', '=', leaderId)
        .where('status', 'in', RUNNING_STATES)
        .where('from_signal', '<', signalId)
        .orderBy('id')
        .execute();
      return rows.map(toCopy);
    },
    /** Copies following the leader now, with real and with demo money. */
    async followersOf(leaderId: number, executor: Executor = db) {
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
    async isLeading(accountId: number, executor: Executor): Promise<boolean> {
      const row = await executor
        .selectFrom('copies')
        .select('id')
        .where('leader_id', '=', accountId)
        .where('status', 'in', RUNNING_STATES)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * A copy that starts now (COPY.start): active, with the amount moved in and the leader's
     * newest signal it follows from — written in the transaction that moves the money.
     */
    async insertStarted(
      copy: {
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
      },
      executor: Executor,
    ): Promise<number> {
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
    async move(
      copyId: number,
      step: { from: readonly CopyStatus[]; to: CopyStatus },
      executor: Executor = db,
    ) {
      const result = await executor
        .updateTable('copies')
        .set({ status: step.to })
        .where('id', '=', copyId)
        .where('status', 'in', step.from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Adds `delta` to what was invested, while the copy runs; false otherwise. */
    async addInvested(copyId: number, delta: Micros, executor: Executor) {
      const result = await executor
        .updateTable('copies')
        .set((eb) => ({ invested: eb('invested', '+', delta) }))
        .where('id', '=', copyId)
        .where('status', 'in', RUNNING_STATES)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async stop(
      copyId: number,
      stop: { returned: Micros; reason: CopyStopReason; at: number },
      executor: Executor,
    ) {
      const result = await executor
        .updateTable('copies')
        .set({
          status: COPY.stop.to,
          returned: stop.returned,
          stop_reason: stop.reason,
          stopped_at: stop.at,
        })
        .where('id', '=', copyId)
        .where('status', 'in', COPY.stop.from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** What the copy did with the leader's order, if anything yet. */
    async trade(copyId: number, leaderOrderId: number, executor: Executor) {
      const row = await executor
        .selectFrom('copy_trades')
        .select(['id', 'copy_order_id', 'status', 'reason'])
        .where('copy_id', '=', copyId)
        .where('leader_order_id', '=', leaderOrderId)
        .executeTakeFirst();
      return (
        row && {
          copyOrderId: row.copy_order_id === null ? null : toInt(row.copy_order_id),
          status: row.status,
        }
      );
    },
    /** Records a mirrored or skipped leader order, and counts it on the copy. */
    async recordTrade(
      trade: {
        copyId: number;
        leaderOrderId: number;
        leaderLots: bigint;
        at: number;
      } & ({ copyOrderId: number } | { skipped: CopySkipReason }),
      executor: Executor,
    ): Promise<void> {
      const mirrored = 'copyOrderId' in trade;
      await executor
        .insertInto('copy_trades')
        .values({
          copy_id: trade.copyId,
          leader_order_id: trade.leaderOrderId,
          copy_order_id: mirrored ? trade.copyOrderId : null,
          status: mirrored ? 'mirrored' : 'skipped',
          reason: mirrored ? null : trade.skipped,
          leader_lots: trade.leaderLots,
          created_at: trade.at,
        })
        .execute();
      await executor
        .updateTable('copies')
        .set((eb) =>
          mirrored ? { mirrored: eb('mirrored', '+', 1) } : { skipped: eb('skipped', '+', 1) },
        )
        .where('id', '=', trade.copyId)
        .execute();
    },
    /** The latest skipped leader orders of a copy, newest first (trading names the orders). */
    async skippedOf(copyId: number, limit: number, executor: Executor = db) {
      const rows = await executor
        .selectFrom('copy_trades')
        .select(['leader_order_id', 'reason', 'leader_lots', 'created_at'])
        .where('copy_id', '=', copyId)
        .where('status', '=', 'skipped')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        leaderOrderId: toInt(row.leader_order_id),
        reason: row.reason as CopySkipReason,
        leaderLots: toBigInt(row.leader_lots),
        at: toInt(row.created_at),
      }));
    },
  };
}

export type CopiesRepository = ReturnType<typeof createCopiesRepository>;
