/**
 * Source: Traders Trust FAQ, "What is margin?" — https://traders-trust.com/en/faq/what-is-margin/
 *
 * What it publishes: 1 lot of EURUSD at a market price of 1.11825 with 1:100 leverage needs
 * 100 000 / 100 × 1.11825 = $1118.25 of margin.
 *
 * Reproduced exactly: 1118.25 USD.
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

describe('Traders Trust: 1 lot EURUSD at 1.11825, 1:100 → $1118.25 margin', () => {
  it('prices the margin at the market price', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.11825', 5),
      100,
      rateFromUsdPair('1.11825', 5),
    );
    expect(formatMicros(margin)).toBe('1118.250000');
  });
});
