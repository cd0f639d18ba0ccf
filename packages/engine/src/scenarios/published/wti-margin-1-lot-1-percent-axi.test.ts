/**
 * Source: Axi FAQ, "How do I calculate my margin requirement for a CFD commodity position?" —
 * https://axi.com/int/zendesk-faqs/cfds/how-do-i-calculate-my-margin-requirement-for-a-cfd-commodity-position
 *
 * What it publishes: WTI.fs, 1 standard lot, price $41.58, contract size 1 000 barrels ($10 per
 * point), margin requirement 1 %: total exposure 41.58 × 1000 = 41 580 USD, margin 415.80 USD.
 *
 * Reproduced exactly: 415.80 USD of margin; a one-point (0.01) move is 10 USD.
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

const WTI = specFromDecimals({
  id: 1,
  code: 'WTI.fs',
  precision: 2,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '1000',
  feeRate: '0',
  marginMode: 0,
  // A 1 % margin requirement is leverage 1:100.
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('Axi: 1 lot WTI (1000 barrels) at $41.58, 1 % margin → 415.80 USD', () => {
  it('takes 1 % of the 41 580 USD exposure', () => {
    const margin = marginMicros(
      WTI,
      'buy',
      parseLots('1'),
      parsePricePoints('41.58', 2),
      100,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('415.800000');
  });

  it('moves $10 per point', () => {
    const pnl = pnlMicros(
      WTI,
      'buy',
      parsePricePoints('41.58', 2),
      parsePricePoints('41.59', 2),
      parseLots('1'),
      USD_RATE,
    );
    expect(formatMicros(pnl)).toBe('10.000000');
  });
});
