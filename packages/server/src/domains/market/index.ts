/**
 * The market domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */
export { nextBucketStart } from './candles/buckets.ts';
export type { Tick } from './feed/feed.ts';
export type { InstrumentRecord, MarketRepository } from './market.repository.ts';
export { createMarketRepository } from './market.repository.ts';
export type { MarketService } from './market.service.ts';
export { ratesAt } from './market.service.ts';
export { isMarketOpen } from './market-hours.ts';
export { pointsToNumber, toPricePoints } from './prices.ts';
