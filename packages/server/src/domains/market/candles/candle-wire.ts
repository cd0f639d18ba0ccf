import type { Candle, KlineUpdate, Period } from '@tradedesk/contract';
import type { InstrumentRecord } from '../market.repository.ts';
import { pointsToNumber } from '../prices.ts';
import type { CandlePoints } from './buckets.ts';
import type { CandleStore } from './candle-store.ts';

const CHART_CANDLES = 400;
const SPARKLINE_CANDLES = 48;

/** A candle as the contract carries it: prices as the doubles nearest the exact decimals. */
export function toCandle(record: InstrumentRecord, c: CandlePoints): Candle {
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

/** The candles on the wire: the chart and sparkline endpoints, and KLINE.{code} on the socket. */
export function createCandleWire(deps: {
  instrument: (instrumentId: number) => InstrumentRecord;
  candles: Pick<CandleStore, 'candles' | 'unpublished' | 'published'>;
}) {
  const { instrument, candles } = deps;

  function newest(instrumentId: number, period: Period, count: number): Candle[] {
    const record = instrument(instrumentId);
    return candles
      .candles(record.id, period)
      .slice(-count)
      .map((c) => toCandle(record, c));
  }

  return {
    kline: (instrumentId: number, period: Period): Candle[] =>
      newest(instrumentId, period, CHART_CANDLES),

    sparkline: (instrumentId: number, period: Period): Candle[] =>
      newest(instrumentId, period, SPARKLINE_CANDLES),

    /** Current candles that changed since the last publication, per instrument code, for KLINE.{code}. */
    publishCandles(): Map<string, KlineUpdate[]> {
      const byCode = new Map<string, KlineUpdate[]>();
      for (const change of candles.unpublished()) {
        const record = instrument(change.instrumentId);
        const candle = toCandle(record, change.candle);
        const list = byCode.get(record.code) ?? [];
        list.push({ period: change.period, ...candle });
        byCode.set(record.code, list);
      }
      candles.published();
      return byCode;
    },
  };
}

export type CandleWire = ReturnType<typeof createCandleWire>;
