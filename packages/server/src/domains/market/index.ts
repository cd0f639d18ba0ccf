/**
 * The market domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */
export { nextBucketStart } from './candles/buckets.ts';
export type { CandleStore } from './candles/candle-store.ts';
export { createCandleStore } from './candles/candle-store.ts';
export type { CandleWire } from './candles/candle-wire.ts';
export { createCandleWire } from './candles/candle-wire.ts';
export type { Tick } from './feed/feed.ts';
export type { InstrumentWire } from './instrument-wire.ts';
export { createInstrumentWire } from './instrument-wire.ts';
export type { Instruments } from './instruments.ts';
export { createInstruments, ratesAt } from './instruments.ts';
export type { LiveQuotes } from './live-quotes.ts';
export { createLiveQuotes } from './live-quotes.ts';
export type { InstrumentRecord, MarketRepository } from './market.repository.ts';
export { createMarketRepository } from './market.repository.ts';
export type { MarketService } from './market.service.ts';
export { isMarketOpen, sessionEnd } from './market-hours.ts';
export { pointsToNumber, toPricePoints } from './prices.ts';
export type { QuoteBoard } from './quote-board.ts';
export { createQuoteBoard } from './quote-board.ts';
export type { MarketUpdate, QuotePort, QuoteReader } from './quote-port.ts';
