import { describe, expect, it } from 'vitest';
import { createPriceWalk } from './simulated-feed.ts';
import { BTCUSD, EURUSD } from './simulated-fixtures.ts';

// Tuesday 2026-11-03 10:00 New York.
const TUESDAY = Date.UTC(2026, 10, 3, 15, 0);
// Saturday 2026-11-07 10:00 New York.
const SATURDAY = Date.UTC(2026, 10, 7, 15, 0);

describe('the price simulator', () => {
  it('gives the same ticks for the same seed, whatever the steps it is advanced by', () => {
    const a = createPriceWalk({ seed: 7, instruments: [EURUSD, BTCUSD], startMs: TUESDAY });
    const b = createPriceWalk({ seed: 7, instruments: [EURUSD, BTCUSD], startMs: TUESDAY });
    const inOneGo = a.advanceTo(TUESDAY + 60_000);
    const inPieces = [1_000, 1_333, 20_000, 45_250, 60_000].flatMap((ms) =>
      b.advanceTo(TUESDAY + ms),
    );
    expect(inPieces).toEqual(inOneGo);
    const other = createPriceWalk({
      seed: 8,
      instruments: [EURUSD, BTCUSD],
      startMs: TUESDAY,
    }).advanceTo(TUESDAY + 60_000);
    expect(other).not.toEqual(inOneGo);
  });

  it('ticks several times a second per instrument, with the spread, at realistic moves', () => {
    const ticks = createPriceWalk({ seed: 1, instruments: [EURUSD], startMs: TUESDAY }).advanceTo(
      TUESDAY + 3_600_000,
    );
    const perSecond = ticks.length / 3600;
    expect(perSecond).toBeGreaterThan(1.5);
    expect(perSecond).toBeLessThan(4);
    for (const tick of ticks) expect(tick.ask - tick.bid).toBe(8);
    expect(ticks.every((t) => Number.isInteger(t.bid) && t.volume >= 1)).toBe(true);
    // An hour of EURUSD at 7 % a year moves well under 1 %.
    const last = ticks.at(-1)!.bid;
    expect(Math.abs(last - 108_500) / 108_500).toBeLessThan(0.01);
  });

  it('is silent outside the session but keeps crypto going at the weekend', () => {
    const ticks = createPriceWalk({
      seed: 3,
      instruments: [EURUSD, BTCUSD],
      startMs: SATURDAY,
    }).advanceTo(SATURDAY + 600_000);
    expect(ticks.filter((t) => t.instrumentId === 1)).toHaveLength(0);
    expect(ticks.filter((t) => t.instrumentId === 2).length).toBeGreaterThan(500);
  });
});
