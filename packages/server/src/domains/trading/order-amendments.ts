import type { Lots, Micros, PricePoints, TrailingStop } from '@tradedesk/engine';
import type { Executor } from '../../platform/db/executor.ts';
import { ORDER, orderStatus } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { expectOne } from './order-transitions.ts';
import type { TradingTables } from './tables.ts';

/**
 * An order's amendments while it stays in its state (issue 40): a pending order moved, part
 * of a position closed off, a trailing stop set and its moves. Each is a conditional update
 * on the state it needs, like the transitions.
 */
export function createOrderAmendments(executor: Executor<TradingTables>) {
  return {
    /** A pending order moved: its price, stops, expiry and the reserve priced for them. */
    async modifyPending(
      order: OrderRecord,
      fields: {
        targetPrice: PricePoints;
        takeProfit: PricePoints;
        stopLoss: PricePoints;
        reserve: Micros;
        expireAt: number | null;
      },
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({
          target_price: fields.targetPrice,
          take_profit: fields.takeProfit,
          stop_loss: fields.stopLoss,
          reserve: fields.reserve,
          expire_at: fields.expireAt,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.modify.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not pending`);
      return { ...order, ...fields };
    },

    /**
     * What remains of a position after part of it closed: fewer lots, margin and fee. Only
     * from the lots read, so that two partial closes cannot both take the same part.
     */
    async reduce(
      order: OrderRecord,
      remaining: { lots: Lots; margin: Micros; fee: Micros },
    ): Promise<OrderRecord> {
      const result = await executor
        .updateTable('orders')
        .set({ lots: remaining.lots, margin: remaining.margin, fee: remaining.fee })
        .where('id', '=', order.id)
        .where('lots', '=', order.lots)
        .where(orderStatus.isIn(ORDER.closePart.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not holding ${order.lots} lots`);
      return { ...order, ...remaining };
    },

    /** The trader's trailing stop for a position (distance 0: none), with the stop it set. */
    async setTrailing(
      order: OrderRecord,
      trailing: TrailingStop,
      stopLoss: PricePoints,
      at: number,
    ): Promise<OrderRecord> {
      const stopMovedAt = stopLoss === order.stopLoss ? order.stopMovedAt : at;
      const result = await executor
        .updateTable('orders')
        .set({
          trailing_distance: trailing.distance,
          trailing_activation: trailing.activation,
          trailing_active: trailing.active ? 1 : 0,
          stop_loss: stopLoss,
          stop_moved_at: stopMovedAt,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.setStops.from))
        .executeTakeFirst();
      expectOne(result, `order ${order.id} was not holding`);
      return { ...order, trailing, stopLoss, stopMovedAt };
    },

    /**
     * A trailing stop's move, stored. The database keeps the ratchet: the stop only tightens
     * (up for a buy, down for a sell) and only under the trailing stop it was computed for, so a
     * move computed before the trader changed or removed it, or one older than a stored move,
     * changes nothing (undefined).
     */
    async moveTrailingStop(
      order: OrderRecord,
      move: { stopLoss: PricePoints; active: boolean; at: number },
    ): Promise<OrderRecord | undefined> {
      const result = await executor
        .updateTable('orders')
        .set({
          stop_loss: move.stopLoss,
          trailing_active: move.active ? 1 : 0,
          stop_moved_at: move.at,
        })
        .where('id', '=', order.id)
        .where(orderStatus.isIn(ORDER.setStops.from))
        .where('trailing_distance', '=', order.trailing.distance)
        .where('trailing_activation', '=', order.trailing.activation)
        .where((eb) =>
          eb.or([
            eb('stop_loss', '=', 0),
            order.side === 'buy'
              ? eb('stop_loss', '<=', move.stopLoss)
              : eb('stop_loss', '>=', move.stopLoss),
          ]),
        )
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return undefined;
      return {
        ...order,
        stopLoss: move.stopLoss,
        trailing: { ...order.trailing, active: move.active },
        stopMovedAt: move.at,
      };
    },
  };
}
