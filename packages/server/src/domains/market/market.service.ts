import type { FastifyBaseLogger } from 'fastify';
import { createCandleStore } from './candles/candle-store.ts';
import { createCandleWire } from './candles/candle-wire.ts';
import type { Feed } from './feed/feed.ts';
import { createInstrumentWire } from './instrument-wire.ts';
import { createInstruments } from './instruments.ts';
import { createLiveQuotes } from './live-quotes.ts';
import type { MarketRepository } from './market.repository.ts';
import { createQuoteBoard } from './quote-board.ts';
import type { QuotePort } from './quote-port.ts';

/**
 * The market, assembled from its parts: the listed instruments (`instruments.ts`), the candles
 * in memory and in the database (`candles/candle-store.ts`), the live quotes the feed moves
 * (`live-quotes.ts` over `quote-board.ts`), and their wire shapes (`instrument-wire.ts`,
 * `candles/candle-wire.ts`). Trading sees it only as the `QuotePort` (`quote-port.ts`).
 */
export function createMarketService(deps: {
  repository: MarketRepository;
  now: () => number;
  seed: number;
  log: FastifyBaseLogger;
}) {
  const instruments = createInstruments(deps);
  const candles = createCandleStore(deps);
  const board = createQuoteBoard(candles);
  const quotes = createLiveQuotes({ instruments, board, candles });
  const instrumentWire = createInstrumentWire({ instruments, board, now: deps.now });
  const candleWire = createCandleWire({ instrument: instruments.instrument, candles });

  const market = {
    /** Loads instruments and candles, generating history where there is none. */
    async init(): Promise<void> {
      await instruments.load();
      await candles.load(instruments.listed(), quotes.seed);
    },
    simulatedInstruments: quotes.simulatedInstruments,
    start(feed: Feed): void {
      quotes.start(feed);
      candles.startSaving();
    },
    async stop(feed: Feed | undefined): Promise<void> {
      quotes.stop(feed);
      await candles.stopSaving();
    },
    onUpdate: quotes.onUpdate,
    /** Scale-out: ticks from the bus, without a feed of this node's own. */
    applyTicks: quotes.apply,
    /**
     * Scale-out: whether this node holds the feed and so writes the candles. Taking over saves
     * the newest candles first; giving up saves what is left only while the lease still holds.
     */
    async ownCandles(owned: boolean, flush = false): Promise<void> {
      if (owned) {
        candles.markRecentUnsaved();
        candles.startSaving();
        return;
      }
      await candles.stopSaving({ flush });
      candles.discardUnsaved();
    },

    instrument: instruments.instrument,
    listed: instruments.listed,
    hasCode: instruments.hasCode,
    isOpen: instruments.isOpen,
    spec: instruments.spec,
    profitRateAtQuotes: instruments.profitRateAtQuotes,
    quotePoints: quotes.quotePoints,
    rates: quotes.rates,

    toWire: instrumentWire.toWire,
    tradeList: instrumentWire.tradeList,
    categories: instrumentWire.categories,
    dayMarketQuote: instrumentWire.dayMarketQuote,
    publishQuotes: instrumentWire.publishQuotes,
    currentQuotes: instrumentWire.currentQuotes,
    quotesVersion: instrumentWire.quotesVersion,
    kline: candleWire.kline,
    sparkline: candleWire.sparkline,
    publishCandles: candleWire.publishCandles,
  };
  // The composition root hands this one object to trading and ranking as their port.
  return market satisfies QuotePort;
}

export type MarketService = ReturnType<typeof createMarketService>;
