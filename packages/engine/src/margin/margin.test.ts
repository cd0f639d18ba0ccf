import { describe, expect, it } from 'vitest';
import { USD_RATE } from '../instruments/conversion.ts';
import { parseLots, parsePricePoints, specFromDecimals } from '../instruments/spec.ts';
import { formatMicros } from '../money/micros.ts';
import { forexPair, rateFromInversePair, rateFromUsdPair } from '../scenarios/fixtures.ts';
import { marginMicros } from './margin.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');
/** An index CFD quoted in yen, 1 unit a lot (MT5's "CFD Leverage" mode). */
const JP225 = specFromDecimals({
  id: 3,
  code: 'JP225',
  precision: 0,
  lotStep: '1',
  minLots: '1',
  maxLots: '100',
  contractSize: '1',
  feeRate: '0',
  marginMode: 0,
  leverage: [20],
  quoteCurrency: 'JPY',
  calcMode: 'cfd',
  marginCurrency: 'JPY',
});
const usd = formatMicros;

describe('marginMicros by calculation mode', () => {
  it('prices an XXXUSD pair at the order price, not at the current rate (a pending target)', () => {
    // A buy limit at 1.08000 while EURUSD trades at 1.08500 / 1.08508: SPEC.md §9 at the target.
    const market = rateFromUsdPair('1.08500', 5, '1.08508');
    expect(
      usd(marginMicros(EURUSD, 'buy', parseLots('1'), parsePricePoints('1.08000', 5), 100, market)),
    ).toBe('1080.000000');
  });

  it('converts a CFD quoted in another currency at its ask for a buy and its bid for a sell', () => {
    // 1 × 38 000 JPY / 20 = 1 900 JPY; yen at 1 / 150.010 (bid) or 1 / 150.000 (ask).
    const yen = rateFromInversePair('150.000', 3, '150.010');
    const price = parsePricePoints('38000', 0);
    expect(usd(marginMicros(JP225, 'buy', parseLots('1'), price, 20, yen))).toBe('12.666667');
    expect(usd(marginMicros(JP225, 'sell', parseLots('1'), price, 20, yen))).toBe('12.665822');
  });

  it('refuses a leverage that is not a positive whole number', () => {
    const price = parsePricePoints('1.08500', 5);
    for (const leverage of [0, -100, 1.5, Number.NaN])
      expect(() => marginMicros(EURUSD, 'buy', parseLots('1'), price, leverage, USD_RATE)).toThrow(
        `invalid leverage ${leverage}`,
      );
    expect(usd(marginMicros(EURUSD, 'buy', parseLots('1'), price, 1, USD_RATE))).toBe(
      '108500.000000',
    );
  });

  it('rounds fixed margin half up to the micro-dollar', () => {
    // 0.0001 lot × 5.5555 USD a lot = 0.00055555 USD → 0.000556.
    const fixed = { ...EURUSD, marginMode: 1 as const, contractSize: 55_555n };
    const price = parsePricePoints('1.00000', 5);
    expect(usd(marginMicros(fixed, 'buy', parseLots('0.0001'), price, 0, USD_RATE))).toBe(
      '0.000556',
    );
  });
});
