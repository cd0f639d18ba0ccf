import { PERIOD_SECONDS, type Period } from '@tradedesk/contract';
import type { Schedule } from '../catalogue.ts';
import { createRandom, normal, seedOf } from '../feed/random.ts';
import { isMarketOpen } from '../market-hours.ts';
import {
  aggregate,
  bucketStart,
  type CandlePoints,
  PERIOD_LADDER,
  previousBucketStart,
} from './buckets.ts';

const YEAR_SECONDS = 365 * 24 * 3600;
/** Candles of history per period on a fresh start (the issue asks for at least 300). */
export const HISTORY_CANDLES = 320;
const SAMPLES_PER_BUCKET = 8;

export interface HistoryRequest {
  code: string;
  schedule: Schedule;
  volatility: number;
  /** The newest price, in points: the close of the newest candle of every period. */
  closePoints: number;
  endMs: number;
  seed: number;
}

function isBucketOpen(schedule: Schedule, period: Period, start: number, end: number): boolean {
  if (period === '1min') return isMarketOpen(schedule, start * 1000);
  const step = (end - start) / SAMPLES_PER_BUCKET;
  for (let i = 0; i < SAMPLES_PER_BUCKET; i++) {
    if (isMarketOpen(schedule, (start + i * step) * 1000)) return true;
  }
  return false;
}

/**
 * Plausible history, generated backwards from the newest price, finest period first. Each
 * period takes its candles from the finer period wherever that one covers the bucket (so a
 * higher period always equals the aggregation of the lower-period candles inside it) and
 * generates the older ones itself, continuing the same price path. Each period's history
 * starts on a boundary of the next period, so no bucket is half covered.
 */
export function generateHistory(request: HistoryRequest): Map<Period, CandlePoints[]> {
  const history = new Map<Period, CandlePoints[]>();
  let finer: { candles: CandlePoints[]; coveredFrom: number } | undefined;

  PERIOD_LADDER.forEach((period, level) => {
    const next = PERIOD_LADDER[level + 1];
    const random = createRandom(seedOf(`${request.code}:history:${period}`, request.seed));
    const sigma = request.volatility * Math.sqrt(PERIOD_SECONDS[period] / YEAR_SECONDS);
    const newestFirst: CandlePoints[] = [];
    let laterOpen = request.closePoints;
    let bucketEnd = Number.POSITIVE_INFINITY;
    let start = bucketStart(period, request.endMs);
    let finerIndex = finer ? finer.candles.length - 1 : -1;

    for (let guard = 0; guard < 200_000; guard++) {
      if (finer && start >= finer.coveredFrom) {
        const inside: CandlePoints[] = [];
        while (finerIndex >= 0 && finer.candles[finerIndex]!.time >= start)
          inside.unshift(finer.candles[finerIndex--]!);
        const candle = aggregate(start, inside);
        if (candle) {
          newestFirst.push(candle);
          laterOpen = candle.open;
        }
      } else if (
        isBucketOpen(
          request.schedule,
          period,
          start,
          Math.min(bucketEnd, start + PERIOD_SECONDS[period]),
        )
      ) {
        const close = laterOpen;
        const open = Math.max(1, Math.round(close * Math.exp(-sigma * normal(random))));
        const wickUp = Math.abs(normal(random)) * sigma * 0.6;
        const wickDown = Math.abs(normal(random)) * sigma * 0.6;
        newestFirst.push({
          time: start,
          open,
          close,
          high: Math.round(Math.max(open, close) * Math.exp(wickUp)),
          low: Math.max(1, Math.round(Math.min(open, close) * Math.exp(-wickDown))),
          volume: Math.round((20 + random() * 380) * Math.sqrt(PERIOD_SECONDS[period] / 60)),
        });
        laterOpen = open;
      }
      const aligned = !next || bucketStart(next, start * 1000) === start;
      if (newestFirst.length >= HISTORY_CANDLES && aligned) break;
      bucketEnd = start;
      start = previousBucketStart(period, start);
    }
    const candles = newestFirst.reverse();
    history.set(period, candles);
    finer = { candles, coveredFrom: start };
  });
  return history;
}
