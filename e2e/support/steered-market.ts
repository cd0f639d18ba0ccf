import type { Feed, Tick } from '../../packages/server/src/domains/market/feed/feed.ts';
import { createSimulatedFeed } from '../../packages/server/src/domains/market/feed/simulated-feed.ts';
import type { MarketService } from '../../packages/server/src/domains/market/market.service.ts';

/**
 * The simulated market, with instruments a journey takes over: the simulator moves every other
 * one as `npm start` does, while a held instrument moves only when the journey says so. A
 * trailing stop, a margin call or a partial close's P&L can then be watched at known prices,
 * not waited for on a random walk.
 */
export interface SteeredMarket {
  /** The feed to build the app with (the simulator is attached once the market is known). */
  feed: Feed;
  /** Starts the simulator over the market the app built. */
  attach(market: MarketService, seed: number, now: () => number): void;
  /** The instrument's id and price precision, by its code. */
  instrument(code: string): { id: number; precision: number };
  /** Its bid and ask now, as prices. */
  quote(code: string): { bid: number; ask: number };
  /**
   * Takes the instrument over (the simulator's ticks of it are dropped from now on) and quotes
   * it at `bid`, its spread kept.
   */
  setBid(code: string, bid: number): void;
}

export function createSteeredMarket(): SteeredMarket {
  const listeners = new Set<(ticks: readonly Tick[]) => void>();
  const held = new Set<number>();
  let inner: Feed | undefined;
  let started = false;
  let market: MarketService | undefined;
  let now = () => Date.now();
  const emit = (ticks: readonly Tick[]) => {
    if (ticks.length === 0) return;
    for (const listener of listeners) listener(ticks);
  };
  const feed: Feed = {
    onTicks(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      started = true;
      inner?.start();
    },
    stop() {
      started = false;
      inner?.stop();
    },
  };
  const known = () => {
    if (!market) throw new Error('the steered market is not attached to an app yet');
    return market;
  };
  const recordOf = (code: string) => {
    const record = known()
      .listed()
      .find((i) => i.code === code);
    if (!record) throw new Error(`no instrument ${code}`);
    return record;
  };
  return {
    feed,
    attach(built, seed, clock) {
      market = built;
      now = clock;
      inner = createSimulatedFeed({ seed, instruments: built.simulatedInstruments(), now });
      inner.onTicks((ticks) => emit(ticks.filter((tick) => !held.has(tick.instrumentId))));
      if (started) inner.start();
    },
    instrument(code) {
      const record = recordOf(code);
      return { id: record.id, precision: record.precision };
    },
    quote(code) {
      const record = recordOf(code);
      const { bid, ask } = known().quotePoints(record.id);
      const scale = 10 ** record.precision;
      return { bid: Number(bid) / scale, ask: Number(ask) / scale };
    },
    setBid(code, bid) {
      const record = recordOf(code);
      held.add(record.id);
      const bidPoints = Math.round(bid * 10 ** record.precision);
      emit([
        {
          instrumentId: record.id,
          bid: bidPoints,
          ask: bidPoints + record.spreadPoints,
          time: now(),
          volume: 1,
        },
      ]);
    },
  };
}
