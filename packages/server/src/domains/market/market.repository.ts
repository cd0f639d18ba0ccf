import type { Period } from '@tradedesk/contract';
import type { Executor } from '../../db/executor.ts';
import { toInt } from '../../db/schema.ts';
import type { CandlePoints } from './candles/buckets.ts';
import type { Schedule } from './catalogue.ts';

/** An instrument as the market domain uses it; decimals stay strings. */
export interface InstrumentRecord {
  id: number;
  code: string;
  name: string;
  categoryId: number;
  precision: number;
  lotStep: string;
  minLots: string;
  maxLots: string;
  contractSize: string;
  feeRate: string;
  marginMode: 0 | 1;
  leverage: number[];
  quoteCurrency: string;
  spreadPoints: number;
  schedule: Schedule;
  anchorPrice: string;
  volatility: string;
}

const INSERT_CHUNK = 500;

export function createMarketRepository(db: Executor) {
  return {
    async instruments(): Promise<InstrumentRecord[]> {
      const rows = await db.selectFrom('instruments').selectAll().orderBy('sort_order').execute();
      return rows.map((r) => ({
        id: toInt(r.id),
        code: r.code,
        name: r.name,
        categoryId: toInt(r.category_id),
        precision: toInt(r.price_precision),
        lotStep: r.lot_step,
        minLots: r.min_lots,
        maxLots: r.max_lots,
        contractSize: r.contract_size,
        feeRate: r.fee_rate,
        marginMode: toInt(r.margin_mode) === 1 ? 1 : 0,
        leverage: JSON.parse(r.leverage_options) as number[],
        quoteCurrency: r.quote_currency,
        spreadPoints: toInt(r.spread_points),
        schedule: r.schedule as Schedule,
        anchorPrice: r.anchor_price,
        volatility: r.volatility,
      }));
    },

    async categories(): Promise<{ id: number; nameKey: string }[]> {
      const rows = await db.selectFrom('categories').selectAll().orderBy('id').execute();
      return rows.map((r) => ({ id: toInt(r.id), nameKey: r.name_key }));
    },

    /** The newest `limit` candles, oldest first. */
    async recentCandles(
      instrumentId: number,
      period: Period,
      limit: number,
    ): Promise<CandlePoints[]> {
      const rows = await db
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
        await db
          .insertInto('candles')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['instrument_id', 'period', 'time']).doUpdateSet((eb) => ({
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
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
