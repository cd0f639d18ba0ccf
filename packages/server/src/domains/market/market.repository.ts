import type { Period } from '@tradedesk/contract';
import type { Insertable, Selectable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { CandlePoints } from './candles/buckets.ts';
import type { CatalogueInstrument, Schedule } from './catalogue.ts';
import type { InstrumentsTable, MarketTables } from './tables.ts';

/**
 * An instrument as the market domain uses it: a catalogue entry under the id the database
 * gave it, so it is also the engine's `InstrumentDecimals`. Decimals stay strings.
 */
export interface InstrumentRecord extends CatalogueInstrument {
  id: number;
  stopLevel: number;
}

/** The row of a catalogue entry; with `instrumentFromRow`, the one place that names the columns. */
export function instrumentToRow(
  entry: CatalogueInstrument,
  sortOrder: number,
): Insertable<InstrumentsTable> {
  return {
    code: entry.code,
    name: entry.name,
    category_id: entry.categoryId,
    price_precision: entry.precision,
    lot_step: entry.lotStep,
    min_lots: entry.minLots,
    max_lots: entry.maxLots,
    contract_size: entry.contractSize,
    fee_rate: entry.feeRate,
    margin_mode: entry.marginMode,
    leverage_options: JSON.stringify(entry.leverage),
    quote_currency: entry.quoteCurrency,
    calc_mode: entry.calcMode,
    margin_currency: entry.marginCurrency,
    spread_points: entry.spreadPoints,
    stop_level: entry.stopLevel ?? 0,
    schedule: entry.schedule,
    anchor_price: entry.anchorPrice,
    volatility: entry.volatility,
    sort_order: sortOrder,
  };
}

function instrumentFromRow(row: Selectable<InstrumentsTable>): InstrumentRecord {
  return {
    id: toInt(row.id),
    code: row.code,
    name: row.name,
    categoryId: toInt(row.category_id),
    precision: toInt(row.price_precision),
    lotStep: row.lot_step,
    minLots: row.min_lots,
    maxLots: row.max_lots,
    contractSize: row.contract_size,
    feeRate: row.fee_rate,
    marginMode: toInt(row.margin_mode) === 1 ? 1 : 0,
    leverage: JSON.parse(row.leverage_options) as number[],
    quoteCurrency: row.quote_currency,
    calcMode: row.calc_mode === 'forex' ? 'forex' : 'cfd',
    marginCurrency: row.margin_currency,
    spreadPoints: toInt(row.spread_points),
    stopLevel: toInt(row.stop_level),
    schedule: row.schedule as Schedule,
    anchorPrice: row.anchor_price,
    volatility: row.volatility,
  };
}

const INSERT_CHUNK = 500;

export function createMarketRepository(executor: Executor<MarketTables>) {
  return {
    async instruments(): Promise<InstrumentRecord[]> {
      const rows = await executor
        .selectFrom('instruments')
        .selectAll()
        .orderBy('sort_order')
        .execute();
      return rows.map(instrumentFromRow);
    },

    async categories(): Promise<{ id: number; nameKey: string }[]> {
      const rows = await executor.selectFrom('categories').selectAll().orderBy('id').execute();
      return rows.map((r) => ({ id: toInt(r.id), nameKey: r.name_key }));
    },

    /** The newest `limit` candles, oldest first. */
    async recentCandles(
      instrumentId: number,
      period: Period,
      limit: number,
    ): Promise<CandlePoints[]> {
      const rows = await executor
        .selectFrom('candles')
        .select(['time', 'open', 'high', 'low', 'close', 'volume'])
        .where('instrument_id', '=', instrumentId)
        .where('period', '=', period)
        .orderBy('time', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({
        time: toInt(r.time),
        open: toInt(r.open),
        high: toInt(r.high),
        low: toInt(r.low),
        close: toInt(r.close),
        volume: toInt(r.volume),
      }));
    },

    /** Inserts or updates candles (the current one changes until its bucket ends). */
    async saveCandles(
      rows: readonly { instrumentId: number; period: Period; candle: CandlePoints }[],
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK).map(({ instrumentId, period, candle }) => ({
          instrument_id: instrumentId,
          period,
          time: candle.time,
          open: candle.open,
          high: candle.high,
          low: candle.low,
          close: candle.close,
          volume: candle.volume,
        }));
        await executor
          .insertInto('candles')
          .values(chunk)
          .onConflict((oc) =>
            // Merged, never replaced: a node taking the feed over saves the minute under way
            // as it built it from the bus, perhaps from a later first tick than the old owner's
            // (whose open stays). The range is the union of both, so low ≤ open, close ≤ high
            // holds across the takeover. For one owner's successive saves it is the newest.
            oc.columns(['instrument_id', 'period', 'time']).doUpdateSet((eb) => ({
              high: eb
                .case()
                .when('excluded.high', '>', eb.ref('candles.high'))
                .then(eb.ref('excluded.high'))
                .else(eb.ref('candles.high'))
                .end(),
              low: eb
                .case()
                .when('excluded.low', '<', eb.ref('candles.low'))
                .then(eb.ref('excluded.low'))
                .else(eb.ref('candles.low'))
                .end(),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
            })),
          )
          .execute();
      }
    },
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;
