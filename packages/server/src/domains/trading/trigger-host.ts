import {
  createTrailingBook,
  createTriggerBook,
  exitTriggers,
  type PricePoints,
  type TrailingBook,
  type TrailingPosition,
  type TriggerBook,
} from '@tradedesk/engine';
import type { OrderChange } from './order-events.ts';
import { isHolding, isPending } from './order-lifecycle.ts';
import type { OrderRecord } from './orders.repository.ts';
import { tightens } from './set-trailing.ts';

/** A fill, a take profit, a stop loss, or a trailing stop (the trailing books'). */
export type TriggerKind = 'fill' | 'tp' | 'sl' | 'trail';

/** A trigger a tick reached: the order, what it means, and the level it was armed at. */
export interface ReachedTrigger {
  orderId: number;
  kind: TriggerKind;
  level: PricePoints;
}

/** A trailing stop's move in memory, for the database to store. */
export interface TrailingMove {
  orderId: number;
  stopLoss: PricePoints;
  active: boolean;
  /** The trailing stop it was trailed under (a move under one since changed is not stored). */
  distance: PricePoints;
  activation: PricePoints;
}

/** Which order and what a fired trigger means. */
export function parseTriggerKey(key: string): { orderId: number; kind: TriggerKind } {
  const [id, kind] = key.split(':');
  return { orderId: Number(id), kind: kind as TriggerKind };
}

const tighter = (side: OrderRecord['side'], a: PricePoints, b: PricePoints): PricePoints =>
  tightens(side, a, b) ? a : b;

/**
 * The trigger books of every instrument: pending fills, take profits and stop losses of the
 * live orders, rebuilt from the database at start and kept in step with every command. A
 * position with a trailing stop has its stop loss in the instrument's trailing book instead,
 * which moves it with the price at a cost per tick that does not grow with how many trail.
 */
export function createTriggerHost() {
  const books = new Map<number, TriggerBook>();
  const trailingBooks = new Map<number, TrailingBook>();

  function book(instrumentId: number): TriggerBook {
    let found = books.get(instrumentId);
    if (!found) {
      found = createTriggerBook();
      books.set(instrumentId, found);
    }
    return found;
  }

  function trailingBook(instrumentId: number): TrailingBook {
    let found = trailingBooks.get(instrumentId);
    if (!found) {
      found = createTrailingBook();
      trailingBooks.set(instrumentId, found);
    }
    return found;
  }

  /**
   * Follows a position's trailing stop. A commit of the same trailing stop (a move stored, a
   * take profit changed) may carry a stop behind what memory has trailed to since the move was
   * read: memory keeps the tighter of the two, so no move is lost to the round trip. The
   * trader's own stop (`set_stop_price`) is taken as it is, looser or not: the stop trails on
   * from there.
   */
  function trail(order: OrderRecord, change: OrderChange | undefined): void {
    const key = `${order.id}:trail`;
    const trailing = trailingBook(order.instrumentId);
    const known = trailing.current(key);
    const same =
      known !== undefined &&
      known.trailing.distance === order.trailing.distance &&
      known.trailing.activation === order.trailing.activation;
    const keepTrailed = same && change !== 'stops';
    trailing.set({
      key,
      side: order.side,
      trailing: {
        ...order.trailing,
        active: order.trailing.active || (same && known.trailing.active),
      },
      stopLoss: keepTrailed ? tighter(order.side, known.stopLoss, order.stopLoss) : order.stopLoss,
    });
  }

  function disarm(order: Pick<OrderRecord, 'id' | 'instrumentId'>): void {
    const triggers = books.get(order.instrumentId);
    for (const kind of ['fill', 'tp', 'sl']) triggers?.remove(`${order.id}:${kind}`);
    trailingBooks.get(order.instrumentId)?.remove(`${order.id}:trail`);
  }

  return {
    /** Watches a live order: its fill while pending, its TP/SL (or trailing stop) while holding. */
    arm(order: OrderRecord, change?: OrderChange): void {
      const triggers = book(order.instrumentId);
      for (const kind of ['fill', 'tp', 'sl']) triggers.remove(`${order.id}:${kind}`);
      const trails = isHolding(order) && order.trailing.distance > 0n;
      if (!trails) trailingBooks.get(order.instrumentId)?.remove(`${order.id}:trail`);
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
        const stopLoss = trails ? 0n : order.stopLoss;
        for (const trigger of exitTriggers(
          order.id,
          order.side,
          order.takeProfit,
          stopLoss as PricePoints,
        ))
          triggers.set(trigger);
      }
      if (trails) trail(order, change);
    },

    disarm,

    /** The triggers a quote reached, out of the books, each with the level it was armed at. */
    fire(instrumentId: number, bid: PricePoints, ask: PricePoints): ReachedTrigger[] {
      const reached: ReachedTrigger[] = [];
      for (const trigger of books.get(instrumentId)?.fire(bid, ask) ?? [])
        reached.push({ ...parseTriggerKey(trigger.key), level: trigger.level });
      const trailing = trailingBooks.get(instrumentId);
      if (trailing && trailing.size > 0)
        for (const position of trailing.tick({ bid, ask }) as TrailingPosition[])
          reached.push({ ...parseTriggerKey(position.key), level: position.stopLoss });
      return reached;
    },

    /** The trailing stops that moved since the last call, for the database to store. */
    takeTrailingMoves(): TrailingMove[] {
      const moves: TrailingMove[] = [];
      for (const trailing of trailingBooks.values())
        for (const position of trailing.takeMoved())
          moves.push({
            orderId: parseTriggerKey(position.key).orderId,
            stopLoss: position.stopLoss,
            active: position.trailing.active,
            distance: position.trailing.distance,
            activation: position.trailing.activation,
          });
      return moves;
    },

    /** A trailing position's stop as memory has trailed it now. */
    trailedStop(order: Pick<OrderRecord, 'id' | 'instrumentId'>): TrailingPosition | undefined {
      return trailingBooks.get(order.instrumentId)?.current(`${order.id}:trail`);
    },

    watching(instrumentId: number): number {
      return (books.get(instrumentId)?.size ?? 0) + (trailingBooks.get(instrumentId)?.size ?? 0);
    },
  };
}

export type TriggerHost = ReturnType<typeof createTriggerHost>;
