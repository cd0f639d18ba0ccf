/**
 * Source: TFIFX, "Required margin calculator" — http://www.tfifx.com/required-margin-calculator.aspx
 *
 * What it publishes: 1 lot (100 000 EUR) at 1:20 takes 5 % margin, EUR 5 000; in a USD account
 * at a EURUSD rate of 1.4364 that is 5 000 × 1.4364 = USD 7 182.
 *
 * Reproduced exactly: 7182 USD.
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
  leverage: [20],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('TFIFX: 1 lot EURUSD at 1:20 and 1.4364 → USD 7182 margin', () => {
  it('converts the EUR 5000 margin at the EURUSD rate', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.4364', 5),
      20,
      rateFromUsdPair('1.4364', 5),
    );
    expect(formatMicros(margin)).toBe('7182.000000');
  });
});
