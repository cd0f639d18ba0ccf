/**
 * Source: EBC Financial Group help, "How to calculate the margin required for gold and silver
 * spot contract" —
 * https://support.ebchelp.com/hc/en-001/articles/34289695130137-How-to-calculate-the-margin-required-for-gold-and-silver-spot-contract
 *
 * What it publishes (silver): price 23, contract size 5 000 oz, leverage 500, 0.1 lot →
 * 23 × 5000 / 500 × 0.1 = 23 USD.
 *
 * Reproduced exactly: 23 USD.
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

const XAGUSD = specFromDecimals({
  id: 1,
  code: 'XAGUSD',
  precision: 3,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '5000',
  feeRate: '0',
  marginMode: 0,
  leverage: [500],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('EBC: 0.1 lot XAGUSD (5000 oz a lot) at 23, 1:500 → 23 USD', () => {
  it('prices the margin on 500 ounces', () => {
    const margin = marginMicros(
      XAGUSD,
      'buy',
      parseLots('0.1'),
      parsePricePoints('23', 3),
      500,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('23.000000');
  });
});
