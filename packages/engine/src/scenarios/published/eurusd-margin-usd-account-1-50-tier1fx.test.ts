/**
 * Source: Tier1FX FAQ, "How do I calculate margin?" — https://tier1fx.com/faq/how-do-i-calculate-margin
 *
 * What it publishes (its USD-account example): 1.00 lot EURUSD at 1.17500 with leverage 1:50
 * needs 100 000 × 1.17500 / 50 = USD 2 350.00 of margin. (The page's other example, a EUR
 * account needing EUR 2 000.00, is in a deposit currency the engine does not keep and is not
 * tested here.)
 *
 * Reproduced exactly: 2350.00 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  specFromDecimals,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const EURUSD = specFromDecimals({
  id: 1,
  code: 'EURUSD',
  precision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [50],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('Tier1FX: 1 lot EURUSD at 1.17500, 1:50, USD account → USD 2350.00 margin', () => {
  it('prices the margin at the rate', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.17500', 5),
      50,
      rateFromUsdPair('1.17500', 5),
    );
    expect(formatMicros(margin)).toBe('2350.000000');
  });
});
