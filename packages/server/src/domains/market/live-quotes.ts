import type { MarketRates, Quote } from '@tradedesk/engine';
import type { CandlePoints } from './candles/buckets.ts';
import type { CandleChange } from './candles/candle-book.ts';
import type { Feed, Tick } from './feed/feed.ts';
import type { SimulatedInstrument } from './feed/simulated-feed.ts';
import { type Instruments, ratesAt } from './instruments.ts';
import type { InstrumentRecord } from './market.repository.ts';
import { decimalToPoints, toPricePoints } from './prices.ts';
import type { QuoteBoard } from './quote-board.ts';
import type { MarketUpdate } from './quote-port.ts';

/**
 * The live quotes: the feed's ticks go onto the quote board and into the candles, then to
 * whoever listens (trading); trading reads each instrument's quote and rates in points.
 */
export function createLiveQuotes(deps: {
  instruments: Pick<Instruments, 'instrument' | 'listed'>;
  board: QuoteBoard;
  candles: { apply(ticks: readonly Tick[]): readonly CandleChange[] };
}) {
  const { instruments, board } = deps;
  const listeners = new Set<(update: MarketUpdate) => void>();
  let unsubscribe: (() => void) | undefined;

  function onTicks(ticks: readonly Tick[]): void {
    board.apply(ticks);
    const candles = deps.candles.apply(ticks);
    const update = { ticks, candles };
    for (const listener of listeners) listener(update);
  }

  function quotePoints(instrumentId: number): Quote {
    const quote = board.quote(instrumentId)!;
    return { bid: toPricePoints(quote.bid), ask: toPricePoints(quote.ask) };
  }

  return {
    /** The instrument's first quote, from its newest minute candle (at start). */
    seed(record: InstrumentRecord, newest: CandlePoints): void {
      board.seed(record.id, {
        bid: newest.close,
        ask: newest.close + record.spreadPoints,
        time: newest.time * 1000,
        seq: 0,
      });
    },

    /** What the simulator needs to continue each instrument from its last price. */
    simulatedInstruments(): SimulatedInstrument[] {
      return instruments.listed().map((record) => ({
        id: record.id,
        code: record.code,
        schedule: record.schedule,
        precision: record.precision,
        spreadPoints: record.spreadPoints,
        volatility: Number(record.volatility),
        anchorPoints: decimalToPoints(record.anchorPrice, record.precision),
        startPoints: board.quote(record.id)!.bid,
      }));
    },

    /** Takes the feed's ticks from now on, and starts it. */
    start(feed: Feed): void {
      unsubscribe = feed.onTicks(onTicks);
      feed.start();
    },

    stop(feed: Feed | undefined): void {
      feed?.stop();
      unsubscribe?.();
    },

    /** Takes ticks that another part brought (scale-out: the feed owner's, from the bus). */
    apply: onTicks,

    /** Subscribes to every batch of ticks and candle changes. */
    onUpdate(listener: (update: MarketUpdate) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The current bid and ask, in points. */
    quotePoints,

    /**
     * The instrument's margin and quote currencies in USD at the current quotes of the pairs
     * that convert them (MT5's sides: see the engine's `currencyRate`).
     */
    rates(instrumentId: number): MarketRates {
      return ratesAt(instruments.instrument(instrumentId), quotePoints, instruments.listed());
    },
  };
}

export type LiveQuotes = ReturnType<typeof createLiveQuotes>;
