import { type CloseReason, type Micros, type PricePoints, ZERO_MICROS } from '@tradedesk/engine';
import { StaleStateError } from '../../platform/core/command-core.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { ORDER, orderStatus } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import type { TradingTables } from './tables.ts';

/** A transition that must change exactly one row did not: the order was not in the state read. */
export function expectOne(result: { numUpdatedRows: bigint }, what: string): void {
  if (result.numUpdatedRows !== 1n) throw new StaleStateError(what);
}

/**
 * An order's steps after it was written (ORDER), each a conditional update on the state it
 * leaves that must change exactly its row, on the executor given: a command's transaction.
 */
export function createOrderTransitions(executor: Executor<TradingTables>) {
  return {
    /** Pending → holding; the reserve is released by the same command. */
    async fill(
      order: OrderRecord,
      fields: { openPrice: PricePoints; margin: Micros; fee: Micros; at: number },
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({
          status: orderStatus.codeOf(ORDER.fill.to),
          open_price: fields.openPrice,
          margin: fields.margin,
          fee: fields.fee,
          reserve: 0n,
          opened_at: fields.at,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.fill.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not pending`);
      return {
        ...order,
        status: ORDER.fill.to,
        openPrice: fields.openPrice,
        margin: fields.margin,
        fee: fields.fee,
        reserve: ZERO_MICROS,
        openedAt: fields.at,
      };
    },

    /** The trader's take profit and stop loss; a stop that changed is stamped `at`. */
    async setStops(
      order: OrderRecord,
      takeProfit: PricePoints,
      stopLoss: PricePoints,
      at: number,
    ): Promise<OrderRecord> {
      const stopMovedAt = stopLoss === order.stopLoss ? order.stopMovedAt : at;
      const result = await executor
        .updateTable('orders')
        .set({ take_profit: takeProfit, stop_loss: stopLoss, stop_moved_at: stopMovedAt })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.setStops.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not holding`);
      return { ...order, takeProfit, stopLoss, stopMovedAt };
    },

    /** Holding → history (closed), or pending → history (withdrawn: no price, no P&L). */
    async finish(
      order: OrderRecord,
      step: typeof ORDER.close | typeof ORDER.cancel,
      fields: {
        closePrice: PricePoints | null;
        pnl: Micros | null;
        reason: CloseReason;
        at: number;
      },
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({
          status: orderStatus.codeOf(step.to),
          close_price: fields.closePrice,
          pnl: fields.pnl,
          close_reason: fields.reason,
          closed_at: fields.at,
          reserve: 0n,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(step.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not ${step.from.join(' or ')}`);
      return {
        ...order,
        status: step.to,
        closePrice: fields.closePrice,
        pnl: fields.pnl,
        closeReason: fields.reason,
        closedAt: fields.at,
        reserve: ZERO_MICROS,
      };
    },
  };
}
