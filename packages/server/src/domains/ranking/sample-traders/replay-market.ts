import { asPricePoints, type MarketRates, type Quote } from '@tradedesk/engine';
import {
  type InstrumentRecord,
  type Instruments,
  isMarketOpen,
  type QuoteReader,
  ratesAt,
} from '../../market/index.ts';

/**
 * The market as it stood at a past moment, for the replay's trading commands: the quote is
 * the one the replay sets (a candle's close as the bid, the instrument's spread above it as
 * the ask) and the sessions are those of the replay's clock. Everything else (instruments,
 * contract specs) is the live market's. Only USD-quoted instruments: a cross rate at a past
 * time would need that pair's history too (an XXXUSD pair's margin converts at its own
 * replayed quote).
 */
export function createReplayMarket(
  market: Pick<QuoteReader, 'instrument' | 'spec'> & Pick<Instruments, 'listed'>,
  clock: () => number,
) {
  const quotes = new Map<number, Quote>();
  const quotePoints = (instrumentId: number): Quote => {
    const quote = quotes.get(instrumentId);
    if (!quote) throw new Error(`no replay quote for instrument ${instrumentId}`);
    return quote;
  };
  const replay: QuoteReader = {
    instrument: (instrumentId) => market.instrument(instrumentId),
    spec: (instrumentId) => market.spec(instrumentId),
    quotePoints,
    rates(instrumentId: number): MarketRates {
      const record = market.instrument(instrumentId);
      if (record.quoteCurrency !== 'USD')
        throw new Error(`replay of a ${record.quoteCurrency}-quoted instrument`);
      // A USD-quoted pair's margin converts at its own replayed quote.
      return ratesAt(record, quotePoints, market.listed());
    },
    isOpen(record: InstrumentRecord): boolean {
      return isMarketOpen(record.schedule, clock());
    },
  };
  return {
    market: replay,
    /** Sets the instrument's quote: bid = close, ask = close + spread. */
    quote(instrumentId: number, close: number): void {
      const spread = market.instrument(instrumentId).spreadPoints;
      quotes.set(instrumentId, {
        bid: asPricePoints(BigInt(close)),
        ask: asPricePoints(BigInt(close + spread)),
      });
    },
  };
}
