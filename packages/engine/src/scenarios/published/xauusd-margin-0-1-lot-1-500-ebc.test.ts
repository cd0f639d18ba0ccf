/**
 * Source: EBC Financial Group help, "How to calculate the margin required for gold and silver
 * spot contract" —
 * https://support.ebchelp.com/hc/en-001/articles/34289695130137-How-to-calculate-the-margin-required-for-gold-and-silver-spot-contract
 *
 * What it publishes (gold): price 2 000, contract size 100 oz, leverage 500, 0.1 lot →
 * 2000 × 100 / 500 × 0.1 = 40 USD. (Its silver example is in
 * xagusd-margin-0-1-lot-1-500-ebc.test.ts.)
 *
 * Reproduced exactly: 40 USD.
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

describe('EBC: 0.1 lot XAUUSD at 2000, 1:500 → 40 USD', () => {
  it('prices the margin on 10 ounces', () => {
    const margin = marginMicros(
      XAUUSD,
      'buy',
      parseLots('0.1'),
      parsePricePoints('2000', 2),
      500,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('40.000000');
  });
});
