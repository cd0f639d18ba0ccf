import { describe, expect, it } from 'vitest';
import { isBelowLevel } from '../account/account-figures.ts';
import { USD_RATE } from '../instruments/conversion.ts';
import { asPricePoints, parseLots } from '../instruments/spec.ts';
import { addMicros, asMicros, parseMicros, subtractMicros } from '../money/micros.ts';
import { pnlMicros } from '../pnl/pnl.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import { stopOutPrice } from './stop-out-price.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');
const HALF = 5_000n; // 50 %

describe('the price at which stop-out would happen', () => {
  // 1 lot EURUSD bought at 1.10000, margin 1 100 USD (1:100), now at 1.09500: −500 USD.
  const position = {
    spec: EURUSD,
    side: 'buy' as const,
    lots: parseLots('1'),
    openPrice: asPricePoints(110_000n),
    closingPrice: asPricePoints(109_500n),
    profitRate: USD_RATE,
  };
  const usedMargin = parseMicros('1100');
  // Balance 1 500 after margin left it: equity 1 500 + 1 100 − 500 = 2 100.
  const figures = { equity: parseMicros('2100'), usedMargin };

  it('is where equity meets the level: 550 USD, a further 1 550 USD of loss, 155 pips', () => {
    // 2 100 − 550 = 1 550 USD = 1 550 points of 1 USD each at 1 lot: 1.09500 − 0.01550.
    // At exactly 1.07950 equity is 550, not below 50 %; one point lower it is.
    expect(stopOutPrice(figures, position, HALF)).toBe(asPricePoints(107_949n));
  });

  it('is the nearest such price: one point nearer the account is not there yet', () => {
    const found = stopOutPrice(figures, position, HALF)!;
    const equityAt = (price: bigint) =>
      addMicros(
        subtractMicros(
          figures.equity,
          pnlMicros(
            EURUSD,
            'buy',
            position.openPrice,
            position.closingPrice,
            position.lots,
            USD_RATE,
          ),
        ),
        pnlMicros(EURUSD, 'buy', position.openPrice, asPricePoints(price), position.lots, USD_RATE),
      );
    expect(isBelowLevel({ equity: equityAt(found), usedMargin }, HALF)).toBe(true);
    expect(isBelowLevel({ equity: equityAt(found + 1n), usedMargin }, HALF)).toBe(false);
  });

  it('rises against a sell, and is now when the account is already there', () => {
    const sell = { ...position, side: 'sell' as const, openPrice: asPricePoints(109_000n) };
    // The sell is 500 USD down at 1.09500 as the buy was: the same distance, upwards.
    expect(stopOutPrice(figures, sell, HALF)).toBe(asPricePoints(111_051n));
    const under = { equity: asMicros(500_000_000n), usedMargin };
    expect(stopOutPrice(under, position, HALF)).toBe(position.closingPrice);
  });

  it('is none when no positive price would bring it', () => {
    const rich = { equity: parseMicros('200000'), usedMargin };
    expect(stopOutPrice(rich, position, HALF)).toBeNull();
  });
});
