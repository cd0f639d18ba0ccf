import type { CandleWire, Instruments, InstrumentWire, QuoteReader } from '../../market/index.ts';

/**
 * What the bots read of the live market: the quote port's reads (the replay takes the
 * instruments and specs from it), the listing (a replay's rates), the trade list and charts.
 */
export type SampleTradersMarket = QuoteReader &
  Pick<Instruments, 'listed'> &
  Pick<InstrumentWire, 'tradeList'> &
  Pick<CandleWire, 'kline'>;
