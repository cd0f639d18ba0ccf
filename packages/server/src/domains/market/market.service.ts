import type {
  Candle,
  Category,
  DayMarketQuote,
  Instrument,
  KlineUpdate,
  Language,
  Period,
} from '@tradedesk/contract';
import { translateMessage } from '@tradedesk/contract/messages';
import {
  type CurrencyRate,
  currencyRate,
  type InstrumentSpec,
  type MarketRates,
  marketRates,
  type Quote,
  specFromDecimals,
} from '@tradedesk/engine';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { generateHistory } from './candles/backfill.ts';
import { type CandlePoints, PERIOD_LADDER } from './candles/buckets.ts';
import { CANDLES_KEPT, type CandleChange, createCandleBook } from './candles/candle-book.ts';
import type { Feed, Tick } from './feed/feed.ts';
import type { SimulatedInstrument } from './feed/simulated-feed.ts';
import type { InstrumentRecord, MarketRepository } from './market.repository.ts';
import { isMarketOpen, nextMarketOpen } from './market-hours.ts';
import { decimalToPoints, pointsToNumber, toPricePoints } from './prices.ts';
import { createQuoteBoard } from './quote-board.ts';

/**
 * An instrument's conversion rates at the quotes `quoteOf` gives (the live board, or a
 * replay's past quotes), through the listed pairs that convert its currencies.
 */
export function ratesAt(
  record: InstrumentRecord,
  quoteOf: (instrumentId: number) => Quote,
  listed: readonly InstrumentRecord[],
): MarketRates {
  return marketRates(record, (code) => {
    const pair = listed.find((i) => i.code === code);
    if (!pair) return undefined;
    const quote = quoteOf(pair.id);
    return { bidPoints: quote.bid, askPoints: quote.ask, precision: pair.precision };
  });
}

/** What the market publishes after each batch of ticks (the WebSocket gateway listens). */
export interface MarketUpdate {
  ticks: readonly Tick[];
  candles: readonly CandleChange[];
}

const SAVE_EVERY_MS = 5_000;
const CHART_CANDLES = 400;
const SPARKLINE_CANDLES = 48;

/**
 * Instruments, live quotes and candles. On a fresh database it generates history for every
 * instrument; afterwards it persists candles as they change and reloads them at start.
 */
export function createMarketService(deps: {
  repository: MarketRepository;
  now: () => number;
  seed: number;
  log: FastifyBaseLogger;
}) {
  const { repository, now, log } = deps;
  const book = createCandleBook();
  const board = createQuoteBoard(book);
  const listeners = new Set<(update: MarketUpdate) => void>();
  let instruments: InstrumentRecord[] = [];
  const byCode = new Map<string, InstrumentRecord>();
  let byId = new Map<number, InstrumentRecord>();
  let categories: { id: number; nameKey: string }[] = [];
  const dirty = new Map<string, { instrumentId: number; period: Period; candle: CandlePoints }>();
  /** The newest state of each candle that changed since the socket last published. */
  const unpublishedCandles = new Map<string, CandleChange>();
  /** Whether each instrument's market was open at the last DAY_MARKET publication. */
  const openAtLastPublication = new Map<number, boolean>();
  let saving = Promise.resolve();
  let saveTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  function save(): Promise<void> {
    if (dirty.size === 0) return saving;
    const rows = [...dirty.values()];
    dirty.clear();
    // One save at a time, in order, so an older state never overwrites a newer one.
    saving = saving
      .then(() => repository.saveCandles(rows))
      .catch((error: unknown) => log.error({ err: error }, 'saving candles failed'));
    return saving;
  }

  function onTicks(ticks: readonly Tick[]): void {
    board.apply(ticks);
    const candles = book.apply(ticks);
    for (const change of candles) {
      dirty.set(`${change.instrumentId}:${change.period}:${change.candle.time}`, change);
      if (!change.final) unpublishedCandles.set(`${change.instrumentId}:${change.period}`, change);
    }
    const update = { ticks, candles };
    for (const listener of listeners) listener(update);
  }

  const specs = new Map<number, InstrumentSpec>();

  function instrument(id: number): InstrumentRecord {
    const found = byId.get(id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  function toCandle(record: InstrumentRecord, c: CandlePoints): Candle {
    const price = (points: number) => pointsToNumber(points, record.precision);
    return {
      Time: c.time,
      Open: price(c.open),
      High: price(c.high),
      Low: price(c.low),
      Close: price(c.close),
      Volume: c.volume,
    };
  }

  return {
    /** Loads instruments and candles, generating history where there is none. */
    async init(): Promise<void> {
      instruments = await repository.instruments();
      byId = new Map(instruments.map((i) => [i.id, i]));
      categories = await repository.categories();
      const generated: { instrumentId: number; period: Period; candle: CandlePoints }[] = [];
      for (const record of instruments) {
        let newest = await repository.recentCandles(record.id, '1min', 1);
        if (newest.length === 0) {
          const history = generateHistory({
            code: record.code,
            schedule: record.schedule,
            volatility: Number(record.volatility),
            closePoints: decimalToPoints(record.anchorPrice, record.precision),
            endMs: now(),
            seed: deps.seed,
          });
          for (const [period, candles] of history) {
            for (const candle of candles)
              generated.push({ instrumentId: record.id, period, candle });
            book.load(record.id, period, candles);
          }
          newest = history.get('1min')!.slice(-1);
        } else {
          for (const period of PERIOD_LADDER) {
            book.load(
              record.id,
              period,
              await repository.recentCandles(record.id, period, CANDLES_KEPT),
            );
          }
        }
        const last = newest[0]!;
        board.seed(record.id, {
          bid: last.close,
          ask: last.close + record.spreadPoints,
          time: last.time * 1000,
          seq: 0,
        });
      }
      if (generated.length > 0) {
        log.info({ candles: generated.length }, 'generated candle history');
        await repository.saveCandles(generated);
      }
    },

    /** What the simulator needs to continue each instrument from its last price. */
    simulatedInstruments(): SimulatedInstrument[] {
      return instruments.map((record) => ({
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

    start(feed: Feed): void {
      unsubscribe = feed.onTicks(onTicks);
      feed.start();
      saveTimer = setInterval(() => void save(), SAVE_EVERY_MS);
      saveTimer.unref();
    },

    async stop(feed: Feed | undefined): Promise<void> {
      feed?.stop();
      unsubscribe?.();
      clearInterval(saveTimer);
      await save();
    },

    /** Subscribes to every batch of ticks and candle changes. */
    onUpdate(listener: (update: MarketUpdate) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    instrument,

    /** Every listed instrument, in the catalogue's order. */
    listed: (): readonly InstrumentRecord[] => instruments,

    /** The instrument as the trading engine needs it, every figure exact. */
    spec(instrumentId: number): InstrumentSpec {
      // Instruments do not change while running; every position valued on every tick asks.
      const known = specs.get(instrumentId);
      if (known) return known;
      const spec = specFromDecimals(instrument(instrumentId));
      specs.set(instrumentId, spec);
      return spec;
    },

    /** The current bid and ask, in points. */
    quotePoints(instrumentId: number): Quote {
      const quote = board.quote(instrumentId)!;
      return { bid: toPricePoints(quote.bid), ask: toPricePoints(quote.ask) };
    },

    /**
     * The instrument's margin and quote currencies in USD at the current quotes of the pairs
     * that convert them (MT5's sides: see the engine's `currencyRate`).
     */
    rates(instrumentId: number): MarketRates {
      return ratesAt(
        instrument(instrumentId),
        (id) => {
          const quote = board.quote(id)!;
          return { bid: toPricePoints(quote.bid), ask: toPricePoints(quote.ask) };
        },
        instruments,
      );
    },

    /**
     * The profit currency's rate at other quotes (stop-out screening values accounts at a
     * box's ends, many times per commit): only what a P&L reads, pairs found by code in a map.
     */
    profitRateAtQuotes(
      instrumentId: number,
      quoteOf: (instrumentId: number) => Quote,
    ): CurrencyRate {
      if (byCode.size !== instruments.length)
        for (const record of instruments) byCode.set(record.code, record);
      return currencyRate(instrument(instrumentId).quoteCurrency, (code) => {
        const pair = byCode.get(code);
        if (!pair) return undefined;
        const quote = quoteOf(pair.id);
        return { bidPoints: quote.bid, askPoints: quote.ask, precision: pair.precision };
      });
    },

    hasCode(code: string): boolean {
      return instruments.some((i) => i.code === code);
    },

    isOpen(record: InstrumentRecord): boolean {
      return isMarketOpen(record.schedule, now());
    },

    toWire(record: InstrumentRecord): Instrument {
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
        ForexQuotations: {
          Open: price(day.open),
          Close: price(quote.bid),
          Change: change,
          High: price(day.high),
          Low: price(day.low),
          Volume: day.volume,
        },
      };
    },

    tradeList(search: string | undefined): Instrument[] {
      const needle = search?.trim().toLowerCase();
      const shown = needle
        ? instruments.filter(
            (i) => i.code.toLowerCase().includes(needle) || i.name.toLowerCase().includes(needle),
          )
        : instruments;
      return shown.map((record) => this.toWire(record));
    },

    categories(language: Language): Category[] {
      return categories.map((c) => ({
        Id: c.id,
        NameShowTrans: translateMessage(language, c.nameKey),
      }));
    },

    kline(instrumentId: number, period: Period): Candle[] {
      const record = instrument(instrumentId);
      return book
        .candles(record.id, period)
        .slice(-CHART_CANDLES)
        .map((c) => toCandle(record, c));
    },

    sparkline(instrumentId: number, period: Period): Candle[] {
      const record = instrument(instrumentId);
      return book
        .candles(record.id, period)
        .slice(-SPARKLINE_CANDLES)
        .map((c) => toCandle(record, c));
    },

    /** One instrument's quote as DAY_MARKET carries it. */
    dayMarketQuote(id: number): DayMarketQuote {
      const wire = this.toWire(instrument(id));
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
    },

    /**
     * Quotes that changed since the last publication, for DAY_MARKET, and those of markets
     * that opened or closed since: a closed market has no ticks, so without this a page
     * open across 16:00 would go on showing it open. Every node reads the same clock and
     * sessions, so each tells its own sockets.
     */
    publishQuotes(): DayMarketQuote[] {
      const t = now();
      for (const record of instruments) {
        const open = isMarketOpen(record.schedule, t);
        const was = openAtLastPublication.get(record.id);
        openAtLastPublication.set(record.id, open);
        if (was !== undefined && was !== open) board.touch(record.id);
      }
      return board.publish().map((id) => this.dayMarketQuote(id));
    },

    /**
     * Every quoted instrument's current quote: a DAY_MARKET subscriber's first frame, so that
     * it misses nothing published between its snapshot and its subscription (or while it was
     * disconnected), whether or not that instrument moves again.
     */
    currentQuotes(): DayMarketQuote[] {
      return [...byId.keys()]
        .filter((id) => board.quote(id) !== undefined)
        .map((id) => this.dayMarketQuote(id));
    },

    /** Changes whenever `currentQuotes()` would answer differently (the board's version). */
    quotesVersion: (): number => board.version(),

    /** Current candles that changed since the last publication, per instrument code, for KLINE.{code}. */
    publishCandles(): Map<string, KlineUpdate[]> {
      const byCode = new Map<string, KlineUpdate[]>();
      for (const change of unpublishedCandles.values()) {
        const record = instrument(change.instrumentId);
        const candle = toCandle(record, change.candle);
        const list = byCode.get(record.code) ?? [];
        list.push({ period: change.period, ...candle });
        byCode.set(record.code, list);
      }
      unpublishedCandles.clear();
      return byCode;
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
