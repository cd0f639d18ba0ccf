import {
  createTriggerBook,
  exitTriggers,
  type PricePoints,
  type Trigger,
  type TriggerBook,
} from '@tradedesk/engine';
import { isHolding, isPending } from './order-lifecycle.ts';
import type { OrderRecord } from './orders.repository.ts';

export type TriggerKind = 'fill' | 'tp' | 'sl';

/** Which order and what a fired trigger means. */
export function parseTriggerKey(key: string): { orderId: number; kind: TriggerKind } {
  const [id, kind] = key.split(':');
  return { orderId: Number(id), kind: kind as TriggerKind };
}

/**
 * The trigger books of every instrument: pending fills, take profits and stop losses of the
 * live orders, rebuilt from the database at start and kept in step with every command.
 */
export function createTriggerHost() {
  const books = new Map<number, TriggerBook>();

  function book(instrumentId: number): TriggerBook {
    let found = books.get(instrumentId);
    if (!found) {
      found = createTriggerBook();
      books.set(instrumentId, found);
    }
    return found;
  }

  return {
    /** Watches a live order: its fill while pending, its TP/SL while holding. */
    arm(order: OrderRecord): void {
      const triggers = book(order.instrumentId);
      for (const kind of ['fill', 'tp', 'sl']) triggers.remove(`${order.id}:${kind}`);
      if (isPending(order) && order.targetPrice !== null && order.fillDirection !== null) {
        triggers.set({
          key: `${order.id}:fill`,
          side: order.side === 'buy' ? 'ask' : 'bid',
          direction: order.fillDirection,
          level: order.targetPrice,
        });
      }
      // A pending order's TP/SL start watching once it fills.
      if (isHolding(order)) {
        for (const trigger of exitTriggers(order.id, order.side, order.takeProfit, order.stopLoss))
          triggers.set(trigger);
      }
    },

    disarm(order: Pick<OrderRecord, 'id' | 'instrumentId'>): void {
      const triggers = books.get(order.instrumentId);
      if (!triggers) return;
      for (const kind of ['fill', 'tp', 'sl']) triggers.remove(`${order.id}:${kind}`);
    },

    fire(instrumentId: number, bid: PricePoints, ask: PricePoints): Trigger[] {
      return books.get(instrumentId)?.fire(bid, ask) ?? [];
    },

    watching(instrumentId: number): number {
      return books.get(instrumentId)?.size ?? 0;
    },
  };
}

export type TriggerHost = ReturnType<typeof createTriggerHost>;
