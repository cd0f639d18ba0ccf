/**
 * Source: Prop Number One FAQ, "How to calculate minimum margin in trading account" —
 * https://faq.propnumberone.com/en/articles/10026394-how-to-calculate-minimum-margin-in-trading-account
 *
 * What it publishes: 1 standard lot of EURUSD (100 000 EUR) at a rate of 1.2000 with leverage
 * 1:100 in a USD account needs (100 000 / 100) × 1.2000 = 1 200 USD of margin.
 *
 * Reproduced exactly: 1200 USD.
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
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('Prop Number One: 1 lot EURUSD at 1.2000, 1:100 → 1200 USD margin', () => {
  it('prices the margin at the pair’s rate', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.2000', 5),
      100,
      rateFromUsdPair('1.2000', 5),
    );
    expect(formatMicros(margin)).toBe('1200.000000');
  });
});
