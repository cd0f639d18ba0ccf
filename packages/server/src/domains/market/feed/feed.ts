/** One price update: bid and ask in integer points. */
export interface Tick {
  instrumentId: number;
  bid: number;
  ask: number;
  /** Epoch milliseconds. */
  time: number;
  /** Lots traded with this tick (simulated). */
  volume: number;
}

export type TickListener = (ticks: readonly Tick[]) => void;

/**
 * Where prices come from: the simulator in the embedded default and in demos, a scripted
 * feed in tests, a provider adapter in production.
 */
export interface Feed {
  onTicks(listener: TickListener): () => void;
  start(): void;
  stop(): void;
}

export function createListeners() {
  const listeners = new Set<TickListener>();
  return {
    add(listener: TickListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(ticks: readonly Tick[]) {
      if (ticks.length === 0) return;
      for (const listener of listeners) listener(ticks);
    },
  };
}

/** Tests drive exact prices: every `push` reaches the listeners at once. */
export function createScriptedFeed(): Feed & { push(...ticks: Tick[]): void } {
  const listeners = createListeners();
  return {
    onTicks: listeners.add,
    start() {},
    stop() {},
    push: (...ticks) => listeners.emit(ticks),
  };
}
