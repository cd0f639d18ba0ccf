import type { CandlePoints } from './candles/buckets.ts';
import type { CandleBook } from './candles/candle-book.ts';
import type { Tick } from './feed/feed.ts';

export interface Quote {
  bid: number;
  ask: number;
  /** Epoch ms of the last tick. */
  time: number;
  /** Grows by one each time the quote is published to the socket: a client that sees a jump resyncs. */
  seq: number;
}

export interface DayFigures {
  open: number;
  high: number;
  low: number;
  volume: number;
}

/** The last bid/ask of every instrument, and its 24-hour figures from the hourly candles. */
export function createQuoteBoard(book: Pick<CandleBook, 'candles'>) {
  const quotes = new Map<number, Quote>();
  const unpublished = new Set<number>();
  /**
   * Grows with every change of what the board shows (a quote, a sequence number), so that a
   * reader can keep something derived from the whole board until it moves. The day figures
   * move with it: candles change with the same ticks, or at start before the board is seeded.
   */
  let version = 0;
  return {
    seed(instrumentId: number, quote: Quote): void {
      quotes.set(instrumentId, quote);
      version += 1;
    },
    apply(ticks: readonly Tick[]): void {
      if (ticks.length > 0) version += 1;
      for (const tick of ticks) {
        const seq = quotes.get(tick.instrumentId)?.seq ?? 0;
        quotes.set(tick.instrumentId, { bid: tick.bid, ask: tick.ask, time: tick.time, seq });
        unpublished.add(tick.instrumentId);
      }
    },
    /**
     * Has an instrument published again at the next call though no tick moved it: what the
     * quote carries besides the price changed (its market opened or closed).
     */
    touch(instrumentId: number): void {
      if (!quotes.has(instrumentId)) return;
      unpublished.add(instrumentId);
      version += 1;
    },
    /**
     * The instruments whose quote changed since the last call, each with its sequence number
     * advanced: many ticks between two publications become one (conflation).
     */
    publish(): number[] {
      const ids = [...unpublished];
      unpublished.clear();
      if (ids.length > 0) version += 1;
      for (const id of ids) quotes.get(id)!.seq += 1;
      return ids;
    },
    /** Changes whenever the board does (see `version` above); equal values, equal boards. */
    version: (): number => version,
    quote(instrumentId: number): Quote | undefined {
      return quotes.get(instrumentId);
    },
    /**
     * The 24 hours up to the newest hourly candle: while a market is closed this shows its
     * last session rather than nothing.
     */
    day(instrumentId: number): DayFigures | undefined {
      const hours: readonly CandlePoints[] = book.candles(instrumentId, '60min');
      const newest = hours.at(-1);
      if (!newest) return undefined;
      const from = newest.time + 3600 - 86_400;
      let first: CandlePoints | undefined;
      let high = newest.high;
      let low = newest.low;
      let volume = 0;
      for (let i = hours.length - 1; i >= 0 && hours[i]!.time >= from; i--) {
        const c = hours[i]!;
        first = c;
        if (c.high > high) high = c.high;
        if (c.low < low) low = c.low;
        volume += c.volume;
      }
      return { open: first!.open, high, low, volume };
    },
  };
}

export type QuoteBoard = ReturnType<typeof createQuoteBoard>;
