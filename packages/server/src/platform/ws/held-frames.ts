/** What identifies an item of a market frame: a quote's instrument, a candle's period and start. */
export type ItemKey = string | number;

/**
 * Market data a client that is behind was not sent, conflated: per topic, the newest item of
 * each key. However long it lags, it is owed at most one board and the candles that changed,
 * never a queue of frames; it gets them once it has caught up. Quotes carry sequence numbers
 * and a client keeps the newest, so a skipped quote is never missed, only superseded.
 */
export function createHeldFrames() {
  const held = new Map<string, Map<ItemKey, unknown>>();
  return {
    isEmpty: () => held.size === 0,
    hold<T>(topic: string, items: readonly T[], keyOf: (item: T) => ItemKey): void {
      let byKey = held.get(topic);
      if (!byKey) {
        byKey = new Map();
        held.set(topic, byKey);
      }
      // Deleted first so that the newest items come last, in the order they were published.
      for (const item of items) {
        const key = keyOf(item);
        byKey.delete(key);
        byKey.set(key, item);
      }
    },
    drop(topic: string): void {
      held.delete(topic);
    },
    /** Everything held, per topic, and forgets it. */
    take(): [topic: string, items: unknown[]][] {
      const taken = [...held].map(([topic, byKey]): [string, unknown[]] => [
        topic,
        [...byKey.values()],
      ]);
      held.clear();
      return taken;
    },
  };
}

export type HeldFrames = ReturnType<typeof createHeldFrames>;
