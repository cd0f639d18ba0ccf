/**
 * Source: Doo Prime support, "Precious metal margin" —
 * https://dooprimesupports.com/en/trading-products/metals/precious-metal-margin
 *
 * What it publishes: 1 lot of XAUUSD (100 oz) at 1 806.00 with leverage 500 needs
 * 1 × 100 × 1806 / 500 = $361.2 of margin.
 *
 * Reproduced exactly: 361.20 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
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
  leverage: [500],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('Doo Prime: 1 lot XAUUSD at 1806.00, 1:500 → $361.2', () => {
  it('divides the 180 600 USD notional by the leverage', () => {
    const margin = marginMicros(
      XAUUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1806.00', 2),
      500,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('361.200000');
  });
});
