import type { Period } from '@tradedesk/contract';
import type { Tick } from '../feed/feed.ts';
import { bucketStart, type CandlePoints, PERIOD_LADDER } from './buckets.ts';

/** How many candles of each period stay in memory (the chart asks for the newest ~300). */
export const CANDLES_KEPT = 600;

export interface CandleChange {
  instrumentId: number;
  period: Period;
  candle: CandlePoints;
  /** True when this candle's bucket has ended and it will not change again. */
  final: boolean;
}

/**
 * The candles of every instrument and period, updated tick by tick: each tick (at its bid)
 * updates the current candle of all six periods, so a higher period always equals the
 * aggregation of the lower-period candles inside it.
 */
export function createCandleBook() {
  const series = new Map<string, CandlePoints[]>();
  const key = (instrumentId: number, period: Period) => `${instrumentId}:${period}`;

  function list(instrumentId: number, period: Period): CandlePoints[] {
    let candles = series.get(key(instrumentId, period));
    if (!candles) {
      candles = [];
      series.set(key(instrumentId, period), candles);
    }
    return candles;
  }

  return {
    /** Loads history (time-ordered), replacing what was there. */
    load(instrumentId: number, period: Period, candles: readonly CandlePoints[]): void {
      series.set(
        key(instrumentId, period),
        candles.slice(-CANDLES_KEPT).map((c) => ({ ...c })),
      );
    },

    candles(instrumentId: number, period: Period): readonly CandlePoints[] {
      return list(instrumentId, period);
    },

    latest(instrumentId: number, period: Period): CandlePoints | undefined {
      return list(instrumentId, period).at(-1);
    },

    /** Applies ticks; returns every candle that changed (and the ones that just ended). */
    apply(ticks: readonly Tick[]): CandleChange[] {
      const changes = new Map<string, CandleChange>();
      const finals: CandleChange[] = [];
      for (const tick of ticks) {
        for (const period of PERIOD_LADDER) {
          const candles = list(tick.instrumentId, period);
          const start = bucketStart(period, tick.time);
          const current = candles.at(-1);
          if (current && current.time === start) {
            if (tick.bid > current.high) current.high = tick.bid;
            if (tick.bid < current.low) current.low = tick.bid;
            current.close = tick.bid;
            current.volume += tick.volume;
          } else if (!current || current.time < start) {
            if (current)
              finals.push({
                instrumentId: tick.instrumentId,
                period,
                candle: { ...current },
                final: true,
              });
            candles.push({
              time: start,
              open: tick.bid,
              high: tick.bid,
              low: tick.bid,
              close: tick.bid,
              volume: tick.volume,
            });
            if (candles.length > CANDLES_KEPT) candles.splice(0, candles.length - CANDLES_KEPT);
          } else {
            continue; // A tick older than the current candle: the feed never sends one.
          }
          const latest = candles.at(-1)!;
          changes.set(key(tick.instrumentId, period), {
            instrumentId: tick.instrumentId,
            period,
            candle: { ...latest },
            final: false,
          });
        }
      }
      return [...finals, ...changes.values()];
    },
  };
}

export type CandleBook = ReturnType<typeof createCandleBook>;
