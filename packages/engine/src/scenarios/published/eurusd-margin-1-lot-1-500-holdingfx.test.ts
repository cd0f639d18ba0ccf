/**
 * Source: HoldingFX, "Trading forex" — https://holdingfx.com/en/tradingforex.php
 *
 * What it publishes: 1 lot of EURUSD (100 000 EUR) at a rate of 1.2556 with leverage 1:500
 * needs 100 000 / 500 × 1.2556 = $251.12 of margin.
 *
 * Reproduced exactly: 251.12 USD.
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

describe('HoldingFX: 1 lot EURUSD at 1.2556, 1:500 → $251.12 margin', () => {
  it('prices the margin at the rate', () => {
    const margin = marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.2556', 5),
      500,
      rateFromUsdPair('1.2556', 5),
    );
    expect(formatMicros(margin)).toBe('251.120000');
  });
});
