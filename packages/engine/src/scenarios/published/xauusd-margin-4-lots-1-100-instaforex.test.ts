/**
 * Source: InstaForex, "Calculation of collateral — gold" —
 * https://www.instaforex.com/support/en/trading-conditions/calculator/calculation-of-collateral/gold-gold
 *
 * What it publishes: 4 lots of gold, 1 lot = 100 troy ounces, at $904 an ounce with leverage
 * 1:100 need 904 × 400 / 100 = $3 616 of margin.
 *
 * Reproduced exactly: 3616 USD.
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
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('InstaForex: 4 lots gold (100 oz) at $904, 1:100 → $3616', () => {
  it('prices the margin on the ounces held', () => {
    const margin = marginMicros(
      XAUUSD,
      'buy',
      parseLots('4'),
      parsePricePoints('904', 2),
      100,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('3616.000000');
  });
});
