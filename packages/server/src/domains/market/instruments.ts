import {
  type CurrencyRate,
  currencyRate,
  type InstrumentSpec,
  type MarketRates,
  marketRates,
  type Quote,
  specFromDecimals,
} from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';
import type { InstrumentRecord, MarketRepository } from './market.repository.ts';
import { isMarketOpen } from './market-hours.ts';

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

/**
 * The listed instruments and their categories as the database holds them (loaded once at
 * start; they do not change while running): lookup by id and code, sessions, exact specs.
 */
export function createInstruments(deps: { repository: MarketRepository; now: () => number }) {
  let records: InstrumentRecord[] = [];
  let byId = new Map<number, InstrumentRecord>();
  let byCode = new Map<string, InstrumentRecord>();
  let categories: { id: number; nameKey: string }[] = [];
  const specs = new Map<number, InstrumentSpec>();

  function instrument(id: number): InstrumentRecord {
    const found = byId.get(id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  return {
    async load(): Promise<void> {
      records = await deps.repository.instruments();
      byId = new Map(records.map((i) => [i.id, i]));
      byCode = new Map(records.map((i) => [i.code, i]));
      categories = await deps.repository.categories();
    },

    instrument,

    /** Every listed instrument, in the catalogue's order. */
    listed: (): readonly InstrumentRecord[] => records,

    /** The categories' ids and message keys, in order. */
    categoryRecords: (): readonly { id: number; nameKey: string }[] => categories,

    hasCode: (code: string): boolean => byCode.has(code),

    isOpen(record: InstrumentRecord): boolean {
      return isMarketOpen(record.schedule, deps.now());
    },

    /** The instrument as the trading engine needs it, every figure exact. */
    spec(instrumentId: number): InstrumentSpec {
      // Instruments do not change while running; every position valued on every tick asks.
      const known = specs.get(instrumentId);
      if (known) return known;
      const spec = specFromDecimals(instrument(instrumentId));
      specs.set(instrumentId, spec);
      return spec;
    },

    /**
     * The profit currency's rate at other quotes (stop-out screening values accounts at a
     * box's ends, many times per commit): only what a P&L reads, pairs found by code in a map.
     */
    profitRateAtQuotes(
      instrumentId: number,
      quoteOf: (instrumentId: number) => Quote,
    ): CurrencyRate {
      return currencyRate(instrument(instrumentId).quoteCurrency, (code) => {
        const pair = byCode.get(code);
        if (!pair) return undefined;
        const quote = quoteOf(pair.id);
        return { bidPoints: quote.bid, askPoints: quote.ask, precision: pair.precision };
      });
    },
  };
}

export type Instruments = ReturnType<typeof createInstruments>;
