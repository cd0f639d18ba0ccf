import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeMicros } from '../fees/fee.ts';
import { multiplyBy, USD_RATE } from '../instruments/conversion.ts';
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
import { formatMicros, parseMicros } from '../money/micros.ts';
import { checkLeverage, checkLots, checkStops } from '../orders/validate-order.ts';
import { pnlMicros } from '../pnl/pnl.ts';
import { forexPair, rateFromInversePair, rateFromUsdPair } from './fixtures.ts';

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
  calcMode: 'cfd',
  marginCurrency: 'USD',
});
const lots = parseLots;
const price = parsePricePoints;
const usd = formatMicros;
/** A price in points at EURUSD's precision (108_500n is 1.08500). */
const pt = asPricePoints;
/** Euros in USD at a EURUSD price (the pair's own quote). */
const eur = (bid: string, ask = bid) => rateFromUsdPair(bid, 5, ask);
/** Yen in USD through USDJPY. */
const jpy = (bid: string, ask = bid) => rateFromInversePair(bid, 3, ask);

describe('instrument math (SPEC.md §9, DECISIONS.md)', () => {
  it('prices XXXUSD margin as lots × units × price / leverage, in USD (SPEC.md §9 verbatim)', () => {
    expect(
      usd(marginMicros(EURUSD, 'buy', lots('1'), price('1.08500', 5), 100, eur('1.08500'))),
    ).toBe('1085.000000');
    expect(
      usd(marginMicros(EURUSD, 'buy', lots('0.37'), price('1.08513', 5), 500, eur('1.08513'))),
    ).toBe('80.299620');
    // USDJPY margin is in dollars already: 0.5 × 100 000 / 200.
    expect(usd(marginMicros(USDJPY, 'buy', lots('0.5'), price('151.500', 3), 200, USD_RATE))).toBe(
      '250.000000',
    );
    // EURGBP margin is in euros, converted at EURUSD's ask for a buy.
    expect(
      usd(
        marginMicros(EURGBP, 'buy', lots('1'), price('0.85400', 5), 100, eur('1.08500', '1.08508')),
      ),
    ).toBe('1085.080000');
    expect(
      usd(
        marginMicros(
          EURGBP,
          'sell',
          lots('1'),
          price('0.85400', 5),
          100,
          eur('1.08500', '1.08508'),
        ),
      ),
    ).toBe('1085.000000');
  });

  it('prices fixed margin as lots × units per lot, whatever the price', () => {
    expect(usd(marginMicros(XAGUSD, 'buy', lots('2'), price('31.000', 3), 0, USD_RATE))).toBe(
      '10000.000000',
    );
    expect(usd(marginMicros(XAGUSD, 'sell', lots('0.03'), price('99.999', 3), 0, USD_RATE))).toBe(
      '150.000000',
    );
  });

  it('rounds margin to 6 decimals, half up, once', () => {
    // 0.01 × 100000 × 1.08513 / 500 = 2.17026 exactly.
    expect(
      usd(marginMicros(EURUSD, 'buy', lots('0.01'), price('1.08513', 5), 500, eur('1.08513'))),
    ).toBe('2.170260');
    // 0.01 × 100000 / 300-like fractions: 1000 / 3 → 333.333333.
    const odd = { ...EURUSD, leverage: [300] };
    expect(usd(marginMicros(odd, 'buy', lots('1'), price('1.00000', 5), 300, eur('1.00000')))).toBe(
      '333.333333',
    );
    expect(usd(marginMicros(odd, 'buy', lots('2'), price('1.00000', 5), 300, eur('1.00000')))).toBe(
      '666.666667',
    );
  });

  it('charges the fee as lots × rate (type 1) or margin × rate (type 2)', () => {
    const margin = marginMicros(EURUSD, 'buy', lots('1'), price('1.08500', 5), 100, eur('1.085'));
    expect(usd(feeMicros(EURUSD, lots('1'), margin, 2))).toBe('0.542500');
    // Half a micro-dollar rounds up (SPEC.md §9 rounds to 6 decimals; half up, as every
    // figure the engine charges): 1 085.081 × 0.0005 = 0.5425405 → 0.542541.
    const odd = parseMicros('1085.081');
    expect(usd(feeMicros(EURUSD, lots('1'), odd, 2))).toBe('0.542541');
    // Below half, down: 1 085.0809 × 0.0005 = 0.54254045 → 0.542540.
    expect(usd(feeMicros(EURUSD, lots('1'), parseMicros('1085.0809'), 2))).toBe('0.542540');
    const perLot = { ...EURUSD, feeRate: parseDecimal('7', 8) };
    expect(usd(feeMicros(perLot, lots('0.25'), margin, 1))).toBe('1.750000');
  });

  it('computes P&L by side, converted to USD', () => {
    expect(
      usd(pnlMicros(EURUSD, 'buy', price('1.08500', 5), price('1.08612', 5), lots('1'), USD_RATE)),
    ).toBe('112.000000');
    expect(
      usd(pnlMicros(EURUSD, 'sell', price('1.08500', 5), price('1.08612', 5), lots('1'), USD_RATE)),
    ).toBe('-112.000000');
    // 0.5 lot USDJPY sold at 151.500, bought back at 151.000: 25 000 JPY, converted at the
    // exit price (MT5 "by deal": the pair itself converts yen), whatever the rates say.
    expect(
      usd(
        pnlMicros(
          USDJPY,
          'sell',
          price('151.500', 3),
          price('151.000', 3),
          lots('0.5'),
          jpy('140.000', '140.010'),
        ),
      ),
    ).toBe('165.562914');
    expect(
      usd(
        pnlMicros(USDJPY, 'buy', price('151.500', 3), price('151.000', 3), lots('0.5'), USD_RATE),
      ),
    ).toBe('-165.562914');
    // EURGBP closes a buy at the pound's ask (GBPUSD 1.27010), a sell at its bid (1.27000),
    // profit or loss alike: 1 lot, 0.00100 → 100 GBP.
    const gbp = rateFromUsdPair('1.27000', 5, '1.27010');
    expect(
      usd(pnlMicros(EURGBP, 'buy', price('0.85400', 5), price('0.85500', 5), lots('1'), gbp)),
    ).toBe('127.010000');
    expect(
      usd(pnlMicros(EURGBP, 'buy', price('0.85500', 5), price('0.85400', 5), lots('1'), gbp)),
    ).toBe('-127.010000');
    expect(
      usd(pnlMicros(EURGBP, 'sell', price('0.85500', 5), price('0.85400', 5), lots('1'), gbp)),
    ).toBe('127.000000');
    // A CFD quoted in yen (1 unit a lot): a profit converts at the yen's bid (1 / USDJPY ask),
    // a loss at its ask: 15 JPY is 0.099993 or 0.1 USD.
    const JP225 = {
      ...USDJPY,
      code: 'JP225',
      calcMode: 'cfd' as const,
      contractSize: 10_000n,
      marginCurrency: 'JPY',
    };
    const yen = jpy('150.000', '150.010');
    expect(
      usd(pnlMicros(JP225, 'buy', price('38000.000', 3), price('38015.000', 3), lots('1'), yen)),
    ).toBe('0.099993');
    expect(
      usd(pnlMicros(JP225, 'buy', price('38015.000', 3), price('38000.000', 3), lots('1'), yen)),
    ).toBe('-0.100000');
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
          const rate = { bid: multiplyBy(pt(points), 5), ask: multiplyBy(pt(points), 5) };
          const margin = marginMicros(EURUSD, 'buy', asLots(lotUnits), pt(points), leverage, rate);
          // lots × 100000 × price / leverage, in micro-USD: lotUnits/1e4 × 1e5 × points/1e5 / L × 1e6.
          const exactTimesDen = lotUnits * points * 100n; // = margin × leverage (before rounding)
          const den = BigInt(leverage);
          const low = exactTimesDen / den;
          const rounded = (exactTimesDen % den) * 2n >= den ? low + 1n : low;
          expect(margin).toBe(rounded);
          // A closed position returns margin + P&L: P&L of a round trip at the same price is zero.
          expect(pnlMicros(EURUSD, 'buy', pt(points), pt(points), asLots(lotUnits), USD_RATE)).toBe(
            0n,
          );
        },
      ),
    );
  });
});
