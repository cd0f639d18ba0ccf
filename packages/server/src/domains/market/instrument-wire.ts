import type { Category, DayMarketQuote, Instrument, Language } from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import type { Instruments } from './instruments.ts';
import type { InstrumentRecord } from './market.repository.ts';
import { isMarketOpen, nextMarketOpen } from './market-hours.ts';
import { pointsToNumber } from './prices.ts';
import type { QuoteBoard } from './quote-board.ts';

/** The instrument's 24-hour figures as the wire shows them, at its current bid. */
function quotations(record: InstrumentRecord, board: QuoteBoard): Instrument['ForexQuotations'] {
  const price = (points: number) => pointsToNumber(points, record.precision);
  const quote = board.quote(record.id)!;
  const day = board.day(record.id) ?? {
    open: quote.bid,
    high: quote.bid,
    low: quote.bid,
    volume: 0,
  };
  // Display only: a percentage, never written anywhere.
  const change =
    day.open === 0 ? 0 : Math.round(((quote.bid - day.open) * 10_000) / day.open) / 100;
  return {
    Open: price(day.open),
    Close: price(quote.bid),
    Change: change,
    High: price(day.high),
    Low: price(day.low),
    Volume: day.volume,
  };
}

/**
 * Instruments and their quotes on the wire: the trade list and categories endpoints, and
 * DAY_MARKET on the socket (what changed since the last publication, or the whole board).
 */
export function createInstrumentWire(deps: {
  instruments: Pick<Instruments, 'instrument' | 'listed' | 'categoryRecords'>;
  board: QuoteBoard;
  now: () => number;
}) {
  const { instruments, board, now } = deps;
  /** Whether each instrument's market was open at the last DAY_MARKET publication. */
  const openAtLastPublication = new Map<number, boolean>();

  function toWire(record: InstrumentRecord): Instrument {
    const price = (points: number) => pointsToNumber(points, record.precision);
    const quote = board.quote(record.id)!;
    return {
      Id: record.id,
      Code: record.code,
      ShowCode: record.code,
      Name: record.name,
      Logo: `/logos/${record.code.toLowerCase()}.svg`,
      CategoryId: record.categoryId,
      MarketStatus: isMarketOpen(record.schedule, now()) ? 1 : 0,
      NextOpen: nextMarketOpen(record.schedule, now()),
      PricePrecision: record.precision,
      Pip: Number(record.lotStep),
      ForexMinCont: Number(record.minLots),
      ForexMaxCont: Number(record.maxLots),
      ForexContNum: Number(record.contractSize),
      ForexFeeRate: Number(record.feeRate),
      MarginMode: record.marginMode,
      HasForexMultiple: record.leverage.map((value) => ({ Value: value })),
      Spread: price(record.spreadPoints),
      QuoteCurrency: record.quoteCurrency,
      CalcMode: record.calcMode,
      MarginCurrency: record.marginCurrency,
      Schedule: record.schedule,
      Bid: price(quote.bid),
      Ask: price(quote.ask),
      Seq: quote.seq,
      ForexQuotations: quotations(record, board),
    };
  }

  /** One instrument's quote as DAY_MARKET carries it. */
  function dayMarketQuote(id: number): DayMarketQuote {
    const wire = toWire(instruments.instrument(id));
    const q = wire.ForexQuotations;
    const quote = board.quote(id)!;
    return {
      Id: wire.Id,
      Code: wire.Code,
      Close: q.Close,
      Open: q.Open,
      High: q.High,
      Low: q.Low,
      Change: q.Change,
      Volume: q.Volume,
      bid: wire.Bid,
      ask: wire.Ask,
      time: quote.time,
      seq: quote.seq,
      MarketStatus: wire.MarketStatus,
      NextOpen: wire.NextOpen,
    };
  }

  return {
    toWire,
    dayMarketQuote,

    tradeList(search: string | undefined): Instrument[] {
      const needle = search?.trim().toLowerCase();
      const listed = instruments.listed();
      const shown = needle
        ? listed.filter(
            (i) => i.code.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle),
          )
        : listed;
      return shown.map(toWire);
    },

    categories(language: Language): Category[] {
      return instruments.categoryRecords().map((c) => ({
        Id: c.id,
        NameShowTrans: translateMessage(language, c.nameKey),
      }));
    },

    /**
     * Quotes that changed since the last publication, for DAY_MARKET, and those of markets
     * that opened or closed since: a closed market has no ticks, so without this a page
     * open across 16:00 would go on showing it open. Every node reads the same clock and
     * sessions, so each tells its own sockets.
     */
    publishQuotes(): DayMarketQuote[] {
      const t = now();
      for (const record of instruments.listed()) {
        const open = isMarketOpen(record.schedule, t);
        const was = openAtLastPublication.get(record.id);
        openAtLastPublication.set(record.id, open);
        if (was !== undefined && was !== open) board.touch(record.id);
      }
      return board.publish().map(dayMarketQuote);
    },

    /**
     * Every quoted instrument's current quote: a DAY_MARKET subscriber's first frame, so that
     * it misses nothing published between its snapshot and its subscription (or while it was
     * disconnected), whether or not that instrument moves again.
     */
    currentQuotes(): DayMarketQuote[] {
      return instruments
        .listed()
        .filter((record) => board.quote(record.id) !== undefined)
        .map((record) => dayMarketQuote(record.id));
    },

    /** Changes whenever `currentQuotes()` would answer differently (the board's version). */
    quotesVersion: (): number => board.version(),
  };
}

export type InstrumentWire = ReturnType<typeof createInstrumentWire>;
