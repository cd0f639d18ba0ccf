/**
 * Source: Sky Tide, "How to trade gold: risk management calculation" (a repost of a Reddit
 * guide) — https://sky-tide.com/2024/06/how-to-trade-gold-risk-management-calculation
 *
 * What it publishes: XAUUSD at 2 360, leverage 1:30, 1 lot = 100 oz. Margin: 0.01 lot →
 * 2360 / 30 = 78.7 USD (one decimal); 0.10 lot → 787 USD and 1.00 lot → 7 867 USD (whole
 * dollars, rounded). A $1 move in gold is worth $1 per 0.01 lot, $10 per 0.1 lot and $100 per
 * lot.
 *
 * Reproduced to the published rounding: 78.7 (engine 78.666667), 787 (786.666667) and 7867
 * (7866.666667); the $1 move exactly: 1, 10 and 100 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  divide,
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  pnlMicros,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';

const XAUUSD = specFromDecimals({
  id: 1,
  code: 'XAUUSD',
  precision: 2,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100',
  feeRate: '0',
  marginMode: 0,
  leverage: [30],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const margin = (lots: string) =>
  marginMicros(XAUUSD, 'buy', parseLots(lots), parsePricePoints('2360', 2), 30, USD_RATE);

describe('Sky Tide: XAUUSD at 2360, 1:30', () => {
  it('needs 78.7, 787 and 7867 USD for 0.01, 0.10 and 1.00 lot', () => {
    expect(formatMicros(margin('0.01'))).toBe('78.666667');
    // One decimal: 10^-1 USD is 100 000 micros.
    expect(divide(margin('0.01'), 100_000n, 'half-up')).toBe(787n);
    expect(divide(margin('0.1'), 1_000_000n, 'half-up')).toBe(787n);
    expect(divide(margin('1'), 1_000_000n, 'half-up')).toBe(7867n);
  });

  it('moves 1, 10 and 100 USD per $1 for 0.01, 0.1 and 1 lot', () => {
    const move = (lots: string) =>
      formatMicros(
        pnlMicros(
          XAUUSD,
          'buy',
          parsePricePoints('2360', 2),
          parsePricePoints('2361', 2),
          parseLots(lots),
          USD_RATE,
        ),
      );
    expect(move('0.01')).toBe('1.000000');
    expect(move('0.1')).toBe('10.000000');
    expect(move('1')).toBe('100.000000');
  });
});
