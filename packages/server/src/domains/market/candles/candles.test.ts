import { PERIOD_SECONDS, type Period } from '@tradedesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../catalogue.ts';
import { createPriceWalk } from '../feed/simulated-feed.ts';
import { EURUSD } from '../feed/simulated-fixtures.ts';
import { generateHistory } from './backfill.ts';
import {
  aggregate,
  bucketStart,
  type CandlePoints,
  nextBucketStart,
  PERIOD_LADDER,
} from './buckets.ts';
import { createCandleBook } from './candle-book.ts';

/** Every higher-period candle fully covered by lower-period candles equals their aggregation. */
function expectConsistent(series: (period: Period) => readonly CandlePoints[]): void {
  for (let i = 1; i < PERIOD_LADDER.length; i++) {
    const finer = series(PERIOD_LADDER[i - 1]!);
    const coarser = series(PERIOD_LADDER[i]!);
    const period = PERIOD_LADDER[i]!;
    const from = finer[0]?.time ?? Number.POSITIVE_INFINITY;
    for (const candle of coarser) {
      if (candle.time < from) continue;
      const end = nextBucketStart(period, candle.time);
      const inside = finer.filter((c) => c.time >= candle.time && c.time < end);
      expect(aggregate(candle.time, inside), `${period} ${candle.time}`).toEqual(candle);
    }
  }
}

const SCHEDULES: Schedule[] = ['forex', 'metals', 'us', 'crypto'];

describe('candles', () => {
  it('start day candles at midnight New York, in winter and summer', () => {
    expect(bucketStart('1day', Date.UTC(2026, 10, 3, 15, 0))).toBe(
      Date.UTC(2026, 10, 3, 5, 0) / 1000,
    );
    expect(bucketStart('1day', Date.UTC(2026, 6, 7, 3, 59))).toBe(
      Date.UTC(2026, 6, 6, 4, 0) / 1000,
    );
    expect(bucketStart('5min', Date.UTC(2026, 6, 7, 3, 59, 59))).toBe(
      Date.UTC(2026, 6, 7, 3, 55) / 1000,
    );
    expect(nextBucketStart('1day', Date.UTC(2026, 10, 1, 4, 0) / 1000)).toBe(
      Date.UTC(2026, 10, 2, 5, 0) / 1000,
    );
  });

  it('generate at least 300 candles of every period, consistent across periods', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom(...SCHEDULES),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        (seed, schedule, endMs) => {
          const history = generateHistory({
            code: 'TEST',
            schedule,
            volatility: 0.3,
            closePoints: 1_000_000,
            endMs,
            seed,
          });
          for (const period of PERIOD_LADDER) {
            const candles = history.get(period)!;
            expect(candles.length, period).toBeGreaterThanOrEqual(300);
            expect(candles.at(-1)!.close).toBe(1_000_000);
            for (let i = 1; i < candles.length; i++)
              expect(candles[i]!.time).toBeGreaterThan(candles[i - 1]!.time);
            for (const c of candles) {
              expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
              expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
              expect(c.time % 60).toBe(0);
              if (period !== '1day') expect(c.time % PERIOD_SECONDS[period]).toBe(0);
            }
          }
          expectConsistent((period) => history.get(period)!);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('stay consistent while live ticks update every period', () => {
    const endMs = Date.UTC(2026, 10, 3, 15, 7, 30);
    const history = generateHistory({
      code: 'EURUSD',
      schedule: 'forex',
      volatility: 0.07,
      closePoints: 108_500,
      endMs,
      seed: 11,
    });
    const book = createCandleBook();
    for (const period of PERIOD_LADDER) book.load(1, period, history.get(period)!);
    const walk = createPriceWalk({
      seed: 11,
      startMs: endMs,
      instruments: [EURUSD],
    });
    const changes = book.apply(walk.advanceTo(endMs + 3 * 3_600_000));
    expect(changes.some((c) => c.final && c.period === '60min')).toBe(true);
    expectConsistent((period) => book.candles(1, period));
    const last = book.latest(1, '1min')!;
    for (const period of PERIOD_LADDER) expect(book.latest(1, period)!.close).toBe(last.close);
  });
});
