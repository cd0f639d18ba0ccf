/**
 * Source: FXCC, "Silver" — https://fxcc.com/za/silver
 *
 * What it publishes: XAGUSD, 1 lot = 5 000 oz, a tick of 0.01 worth $50; with a margin
 * percentage of 1, opening 1 lot at 20.00 needs 1 × 5000 × 20.00 × 1 / 100 = $1 000 of margin.
 *
 * Reproduced exactly: 1000 USD of margin; a 0.01 move is 50 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  pnlMicros,
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
  // A margin percentage of 1 is leverage 1:100.
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('FXCC: 1 lot XAGUSD (5000 oz) at 20.00, 1 % margin', () => {
  it('needs $1000 of margin', () => {
    const margin = marginMicros(
      XAGUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('20.00', 3),
      100,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('1000.000000');
  });

  it('moves $50 per 0.01', () => {
    const pnl = pnlMicros(
      XAGUSD,
      'buy',
      parsePricePoints('20.00', 3),
      parsePricePoints('20.01', 3),
      parseLots('1'),
      USD_RATE,
    );
    expect(formatMicros(pnl)).toBe('50.000000');
  });
});
