import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeMicros } from '../fees/fee.ts';
import { divideBy, IDENTITY, multiplyBy } from '../instruments/conversion.ts';
import {
  asLots,
  asPricePoints,
  NO_PRICE,
  parseLots,
  parsePricePoints,
  specFromDecimals,
} from '../instruments/spec.ts';
import { marginMicros } from '../margin/margin.ts';
import { parseDecimal } from '../money/decimal.ts';
import { formatMicros } from '../money/micros.ts';
import { checkLeverage, checkLots, checkStops } from '../orders/validate-order.ts';
import { pnlMicros } from '../pnl/pnl.ts';
import { forexPair } from './fixtures.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');
const USDJPY = forexPair('USDJPY', 3, 'JPY');
const EURGBP = forexPair('EURGBP', 5, 'GBP');
const XAGUSD = specFromDecimals({
  id: 2,
  code: 'XAGUSD',
  precision: 3,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '20',
  contractSize: '5000',
  feeRate: '0.0005',
  marginMode: 1,
  leverage: [],
  quoteCurrency: 'USD',
});
const lots = parseLots;
const price = parsePricePoints;
const usd = formatMicros;
/** A price in points at EURUSD's precision (108_500n is 1.08500). */
const pt = asPricePoints;
/** Yen → USD at a USDJPY bid; pounds → USD at a GBPUSD bid. */
const byUsdJpy = (bid: string) => divideBy(price(bid, 3), 3);
const byGbpUsd = (bid: string) => multiplyBy(price(bid, 5), 5);

describe('instrument math (SPEC.md §9, DECISIONS.md)', () => {
  it('prices margin as lots × units × price / leverage, in USD', () => {
    expect(usd(marginMicros(EURUSD, lots('1'), price('1.08500', 5), 100, IDENTITY))).toBe(
      '1085.000000',
    );
    expect(usd(marginMicros(EURUSD, lots('0.37'), price('1.08513', 5), 500, IDENTITY))).toBe(
      '80.299620',
    );
    // USDJPY margin is in yen, divided by the USDJPY price.
    expect(
      usd(marginMicros(USDJPY, lots('0.5'), price('151.500', 3), 200, byUsdJpy('151.500'))),
    ).toBe('250.000000');
    // EURGBP margin is in pounds, multiplied by GBPUSD.
    expect(
      usd(marginMicros(EURGBP, lots('1'), price('0.85400', 5), 100, byGbpUsd('1.27000'))),
    ).toBe('1084.580000');
  });

  it('prices fixed margin as lots × units per lot, whatever the price', () => {
    expect(usd(marginMicros(XAGUSD, lots('2'), price('31.000', 3), 0, IDENTITY))).toBe(
      '10000.000000',
    );
    expect(usd(marginMicros(XAGUSD, lots('0.03'), price('99.999', 3), 0, IDENTITY))).toBe(
      '150.000000',
    );
  });

  it('rounds margin to 6 decimals, half up, once', () => {
    // 0.01 × 100000 × 1.08513 / 500 = 2.17026 exactly; /3-like fractions round half up.
    expect(usd(marginMicros(EURUSD, lots('0.01'), price('1.08513', 5), 500, IDENTITY))).toBe(
      '2.170260',
    );
    expect(
      usd(marginMicros(USDJPY, lots('0.01'), price('151.123', 3), 50, byUsdJpy('151.123'))),
    ).toBe('20.000000');
    expect(
      usd(marginMicros(USDJPY, lots('0.01'), price('151.123', 3), 50, byUsdJpy('150.000'))),
    ).toBe('20.149733');
  });

  it('charges the fee as lots × rate (type 1) or margin × rate (type 2)', () => {
    const margin = marginMicros(EURUSD, lots('1'), price('1.08500', 5), 100, IDENTITY);
    expect(usd(feeMicros(EURUSD, lots('1'), margin, 2))).toBe('0.542500');
    const perLot = { ...EURUSD, feeRate: parseDecimal('7', 8) };
    expect(usd(feeMicros(perLot, lots('0.25'), margin, 1))).toBe('1.750000');
  });

  it('computes P&L by side, converted to USD', () => {
    expect(
      usd(pnlMicros(EURUSD, 'buy', price('1.08500', 5), price('1.08612', 5), lots('1'), IDENTITY)),
    ).toBe('112.000000');
    expect(
      usd(pnlMicros(EURUSD, 'sell', price('1.08500', 5), price('1.08612', 5), lots('1'), IDENTITY)),
    ).toBe('-112.000000');
    // 0.5 lot USDJPY sold at 151.500, bought back at 151.000: 25 000 JPY at 151.000.
    expect(
      usd(
        pnlMicros(
          USDJPY,
          'sell',
          price('151.500', 3),
          price('151.000', 3),
          lots('0.5'),
          byUsdJpy('151.000'),
        ),
      ),
    ).toBe('165.562914');
  });

  it('checks lots, leverage and the sides of stops', () => {
    expect(checkLots(EURUSD, lots('0.01'))).toEqual({ ok: true });
    expect(checkLots(EURUSD, lots('0.005'))).toEqual({ ok: false, reason: 'LOTS_BELOW_MIN' });
    expect(checkLots(EURUSD, lots('50.01'))).toEqual({ ok: false, reason: 'LOTS_ABOVE_MAX' });
    expect(checkLots(EURUSD, lots('0.015'))).toEqual({ ok: false, reason: 'LOTS_OFF_STEP' });
    expect(checkLeverage(EURUSD, 100)).toEqual({ ok: true });
    expect(checkLeverage(EURUSD, 300)).toEqual({ ok: false, reason: 'LEVERAGE_NOT_OFFERED' });
    expect(checkLeverage(XAGUSD, 0)).toEqual({ ok: true });
    // Fixed margin has no leverage: any other figure is refused, never stored.
    expect(checkLeverage(XAGUSD, 100)).toEqual({ ok: false, reason: 'LEVERAGE_NOT_OFFERED' });
    expect(checkLeverage(XAGUSD, 2 ** 31 - 1)).toEqual({
      ok: false,
      reason: 'LEVERAGE_NOT_OFFERED',
    });
    expect(checkLeverage({ ...EURUSD, leverage: [] }, 100)).toEqual({
      ok: false,
      reason: 'NO_LEVERAGE_CONFIGURED',
    });
    const bid = pt(108_500n);
    const ask = pt(108_508n);
    expect(checkStops('buy', bid, ask, pt(109_000n), pt(108_000n))).toEqual({ ok: true });
    expect(checkStops('buy', bid, ask, pt(108_500n), NO_PRICE)).toEqual({
      ok: false,
      reason: 'TAKE_PROFIT_WRONG_SIDE',
    });
    expect(checkStops('buy', bid, ask, NO_PRICE, pt(108_600n))).toEqual({
      ok: false,
      reason: 'STOP_LOSS_WRONG_SIDE',
    });
    expect(checkStops('sell', bid, ask, pt(108_000n), pt(109_000n))).toEqual({ ok: true });
    expect(checkStops('sell', bid, ask, pt(108_508n), NO_PRICE)).toEqual({
      ok: false,
      reason: 'TAKE_PROFIT_WRONG_SIDE',
    });
    expect(checkStops('sell', bid, ask, NO_PRICE, pt(108_400n))).toEqual({
      ok: false,
      reason: 'STOP_LOSS_WRONG_SIDE',
    });
  });

  it('matches the SPEC.md §9 formula exactly for any lots, price and leverage', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 500_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.constantFrom(50, 100, 200, 500),
        (lotUnits, points, leverage) => {
          const margin = marginMicros(EURUSD, asLots(lotUnits), pt(points), leverage, IDENTITY);
          // lots × 100000 × price / leverage, in micro-USD: lotUnits/1e4 × 1e5 × points/1e5 / L × 1e6.
          const exactTimesDen = lotUnits * points * 100n; // = margin × leverage (before rounding)
          const den = BigInt(leverage);
          const low = exactTimesDen / den;
          const rounded = (exactTimesDen % den) * 2n >= den ? low + 1n : low;
          expect(margin).toBe(rounded);
          // A closed position returns margin + P&L: P&L of a round trip at the same price is zero.
          expect(pnlMicros(EURUSD, 'buy', pt(points), pt(points), asLots(lotUnits), IDENTITY)).toBe(
            0n,
          );
        },
      ),
    );
  });
});
