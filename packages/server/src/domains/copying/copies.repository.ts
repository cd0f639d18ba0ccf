import type { CopySkipReason, CopyStatus, CopyStopReason } from '@tradedesk/contract';
import { asMicros, type Micros } from '@tradedesk/engine';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type CopiesTable, toBigInt, toInt } from '../../platform/db/schema.ts';

export interface CopyRecord {
  id: number;
  followerId: number;
  leaderId: number;
  /** The copy account (a users row owned by the follower). */
  accountId: number;
  status: CopyStatus | 'opening';
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
}

function toCopy(row: Selectable<CopiesTable>): CopyRecord {
  return {
    id: toInt(row.id),
    followerId: toInt(row.follower_id),
    leaderId: toInt(row.leader_id),
    accountId: toInt(row.account_id),
    status: row.status,
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
  };
}

/** Copies that take a leader's changes: not stopped, started. */
export const RUNNING: readonly CopyStatus[] = ['active', 'paused'];

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
    /** The follower's copy of the leader that is not stopped (opening included). */
    async notStopped(followerId: number, leaderId: number, executor: Executor = db) {
      const row = await select(executor)
        .where('follower_id', '=', followerId)
        .where('leader_id', '=', leaderId)
        .where('status', '!=', 'stopped')
        .executeTakeFirst();
      return row && toCopy(row);
    },
    async ofFollower(followerId: number, executor: Executor = db): Promise<CopyRecord[]> {
      const rows = await select(executor)
        .where('follower_id', '=', followerId)
        .where('status', '!=', 'opening')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toCopy);
    },
    /** The copies a leader's signal goes to: running, and started before the signal. */
    async targets(leaderId: number, signalId: number, executor: Executor = db) {
      const rows = await select(executor)
        .where('leader_id', '=', leaderId)
        .where('status', 'in', RUNNING)
        .where('from_signal', '<', signalId)
        .orderBy('id')
        .execute();
      return rows.map(toCopy);
    },
    /** Whether the account has copies that follow it now (its commands write signals). */
    async isLeading(accountId: number, executor: Executor): Promise<boolean> {
      const row = await executor
        .selectFrom('copies')
        .select('id')
        .where('leader_id', '=', accountId)
        .where('status', 'in', RUNNING)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertOpening(
      copy: {
        followerId: number;
        leaderId: number;
        accountId: number;
        copySlRate: number;
        copyOpen: boolean;
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
          status: 'opening',
          copy_sl_rate: copy.copySlRate,
          copy_open: copy.copyOpen ? 1 : 0,
          idempotency_key: copy.idempotencyKey,
          request_hash: copy.requestHash,
          created_at: copy.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(id);
    },
    /** Removes a copy that never started (its transfer was refused): true when removed. */
    async deleteOpening(copyId: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .deleteFrom('copies')
        .where('id', '=', copyId)
        .where('status', '=', 'opening')
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
    /** opening → active with the amount moved in; false when it was not opening. */
    async activate(copyId: number, invested: Micros, fromSignal: number, executor: Executor) {
      const result = await executor
        .updateTable('copies')
        .set({ status: 'active', invested, from_signal: fromSignal })
        .where('id', '=', copyId)
        .where('status', '=', 'opening')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** A status change from one of `from`; false when the copy was in none of them. */
    async move(copyId: number, from: readonly CopyStatus[], to: CopyStatus, executor: Executor) {
      const result = await executor
        .updateTable('copies')
        .set({ status: to })
        .where('id', '=', copyId)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Adds `delta` to what was invested, while the copy runs; false otherwise. */
    async addInvested(copyId: number, delta: Micros, executor: Executor) {
      const result = await executor
        .updateTable('copies')
        .set((eb) => ({ invested: eb('invested', '+', delta) }))
        .where('id', '=', copyId)
        .where('status', 'in', RUNNING)
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
          status: 'stopped',
          returned: stop.returned,
          stop_reason: stop.reason,
          stopped_at: stop.at,
        })
        .where('id', '=', copyId)
        .where('status', 'in', RUNNING)
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
    /** The latest skipped leader orders of a copy, newest first. */
    async skippedOf(copyId: number, limit: number, executor: Executor = db) {
      const rows = await executor
        .selectFrom('copy_trades')
        .innerJoin('orders', 'orders.id', 'copy_trades.leader_order_id')
        .select([
          'copy_trades.reason',
          'copy_trades.leader_lots',
          'copy_trades.created_at',
          'orders.instrument_id',
          'orders.side',
        ])
        .where('copy_trades.copy_id', '=', copyId)
        .where('copy_trades.status', '=', 'skipped')
        .orderBy('copy_trades.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        reason: row.reason as CopySkipReason,
        leaderLots: toBigInt(row.leader_lots),
        at: toInt(row.created_at),
        instrumentId: toInt(row.instrument_id),
        side: row.side,
      }));
    },
  };
}

export type CopiesRepository = ReturnType<typeof createCopiesRepository>;
