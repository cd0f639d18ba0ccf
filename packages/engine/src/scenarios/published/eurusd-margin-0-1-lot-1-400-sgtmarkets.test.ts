/**
 * Source: SGT Markets FAQ, "Margin call vs stop out level" —
 * https://sgtmarkets.com/faq-items/margin-call-vs-stop-out-level/
 *
 * What it publishes: opening 0.1 lot (10 000 EUR) of EURUSD at a market quote of 1.1500 with
 * leverage 1:400 needs (1.1500 × 10 000) / 400 = $28.75 of margin. (The page's margin call at
 * 70 % and stop out at 50 % carry no worked figures.)
 *
 * Reproduced exactly: 28.75 USD.
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
  leverage: [400],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('SGT Markets: 0.1 lot EURUSD at 1.1500, 1:400 → $28.75 margin', () => {
  it('prices the margin at the quote', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('0.1'),
      parsePricePoints('1.1500', 5),
      400,
      rateFromUsdPair('1.1500', 5),
    );
    expect(formatMicros(margin)).toBe('28.750000');
  });
});
