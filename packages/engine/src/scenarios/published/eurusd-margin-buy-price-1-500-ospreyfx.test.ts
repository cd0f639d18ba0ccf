/**
 * Source: OspreyFX knowledge base, "How to calculate the margin requirement on OspreyFX" —
 * https://knowledge.ospreyfx.com/en/support/solutions/articles/44001880046-how-to-calculate-the-margin-requirement-on-ospreyfx
 *
 * What it publishes: a buy of 1.00 lot EURUSD (contract 100 000) at the buy price 1.10789 with
 * leverage 500:1 needs 221.578 USD of margin (printed with three decimals); the page says to
 * take the buy price for buys and the sell price for sells.
 *
 * Reproduced exactly: 221.578 USD.
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
  leverage: [500],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('OspreyFX: 1 lot EURUSD bought at 1.10789, 500:1 → 221.578 USD margin', () => {
  it('prices a buy at the buy price', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.10789', 5),
      500,
      rateFromUsdPair('1.10789', 5),
    );
    expect(formatMicros(margin)).toBe('221.578000');
  });
});
