import type { CurrencyRate, InstrumentSpec, MarketRates, Quote } from '@tradedesk/engine';
import type { CandleChange } from './candles/candle-book.ts';
import type { Tick } from './feed/feed.ts';
import type { InstrumentRecord } from './market.repository.ts';

/** What the market publishes after each batch of ticks (trading's tick reactions listen). */
export interface MarketUpdate {
  ticks: readonly Tick[];
  candles: readonly CandleChange[];
}

/**
 * What an order command reads of the market at its moment: the instrument, whether its
 * session is open, its exact spec, its quote in points and the conversion rates at that
 * quote. The live market answers for now; the ranking's replay answers for a past moment.
 */
export interface QuoteReader {
  /** The listed instrument, or NOT_FOUND. */
  instrument(instrumentId: number): InstrumentRecord;
  isOpen(record: InstrumentRecord): boolean;
  /** The instrument as the trading engine needs it, every figure exact. */
  spec(instrumentId: number): InstrumentSpec;
  /** The current bid and ask, in points. */
  quotePoints(instrumentId: number): Quote;
  /** The margin and quote currencies in USD at the current quotes of the pairs converting them. */
  rates(instrumentId: number): MarketRates;
}

/**
 * The quote port: all that trading asks of the live market. Beside a command's reads, the
 * profit currency's rate at other quotes (stop-out screening) and the stream of ticks (the
 * tick reactions). The market service is one; trading knows nothing else of the market.
 */
export interface QuotePort extends QuoteReader {
  profitRateAtQuotes(instrumentId: number, quoteOf: (instrumentId: number) => Quote): CurrencyRate;
  /** Subscribes to every batch of ticks and candle changes; the answer unsubscribes. */
  onUpdate(listener: (update: MarketUpdate) => void): () => void;
}
