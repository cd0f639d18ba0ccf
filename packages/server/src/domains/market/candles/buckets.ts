import { PERIOD_SECONDS, type Period } from '@tradedesk/contract';
import { newYorkTime } from '../market-hours.ts';

/** A candle in integer points; `time` is the bucket start in epoch seconds (UTC). */
export interface CandlePoints {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Finest first: each period's buckets nest inside the next one's. */
export const PERIOD_LADDER: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '1day'];

/** Start (epoch seconds) of the bucket of `period` holding the instant `epochMs`. */
export function bucketStart(period: Period, epochMs: number): number {
  if (period === '1day') {
    // A day candle starts at 00:00 New York (DECISIONS.md).
    const minuteMs = Math.floor(epochMs / 60_000) * 60_000;
    return (minuteMs - newYorkTime(epochMs).minutes * 60_000) / 1000;
  }
  const seconds = PERIOD_SECONDS[period];
  return Math.floor(epochMs / 1000 / seconds) * seconds;
}

/** Start of the bucket after the one starting at `start` (days can be 23 or 25 hours long). */
export function nextBucketStart(period: Period, start: number): number {
  if (period !== '1day') return start + PERIOD_SECONDS[period];
  return bucketStart('1day', (start + 30 * 3600) * 1000);
}

/** Start of the bucket before the one starting at `start`. */
export function previousBucketStart(period: Period, start: number): number {
  if (period !== '1day') return start - PERIOD_SECONDS[period];
  return bucketStart('1day', (start - 12 * 3600) * 1000);
}

/** The candle made of `candles` (time-ordered, all inside one bucket starting at `time`). */
export function aggregate(
  time: number,
  candles: readonly CandlePoints[],
): CandlePoints | undefined {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return undefined;
  let high = first.high;
  let low = first.low;
  let volume = 0;
  for (const c of candles) {
    if (c.high > high) high = c.high;
    if (c.low < low) low = c.low;
    volume += c.volume;
  }
  return { time, open: first.open, high, low, close: last.close, volume };
}
