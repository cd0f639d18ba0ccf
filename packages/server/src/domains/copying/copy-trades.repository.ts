import type { CopySkipReason } from '@tradedesk/contract';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { COPY_TRADE } from './copy-lifecycle.ts';
import type { CopyingTables } from './tables.ts';

/** A mirrored or skipped leader order, as a mirror command records it. */
export type NewCopyTrade = {
  copyId: number;
  leaderOrderId: number;
  leaderLots: bigint;
  at: number;
} & ({ copyOrderId: number } | { skipped: CopySkipReason });

/**
 * What each copy did with each leader order (copy_trades), on the executor given: a mirror
 * command's transaction, or the root database for the follower's list.
 */
export function createCopyTradesRepository(executor: Executor<CopyingTables>) {
  return {
    /** What the copy did with the leader's order, if anything yet. */
    async trade(copyId: number, leaderOrderId: number) {
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
    async record(trade: NewCopyTrade): Promise<void> {
      const mirrored = 'copyOrderId' in trade;
      await executor
        .insertInto('copy_trades')
        .values({
          copy_id: trade.copyId,
          leader_order_id: trade.leaderOrderId,
          copy_order_id: mirrored ? trade.copyOrderId : null,
          status: mirrored ? COPY_TRADE.mirrored : COPY_TRADE.skipped,
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
    async skippedOf(copyId: number, limit: number) {
      const rows = await executor
        .selectFrom('copy_trades')
        .select(['leader_order_id', 'reason', 'leader_lots', 'created_at'])
        .where('copy_id', '=', copyId)
        .where('status', '=', COPY_TRADE.skipped)
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

export type CopyTradesRepository = ReturnType<typeof createCopyTradesRepository>;
