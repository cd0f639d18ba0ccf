/**
 * Source: Axi (AxiTrader) FAQ, "How do I calculate my margin requirement for an equity index
 * position?" —
 * https://www.axitrader.com/au/faqs/cfds/how-do-i-calculate-my-margin-requirement-for-an-equity-index-position
 * (also https://axi.com/kr/zendesk-faqs/cfds/how-do-i-calculate-my-margin-requirement-for-an-equity-index-position)
 *
 * What it publishes: DJ30.fs (Dow Jones 30 index CFD), 1 standard lot, price 17 498, contract
 * value $5 per point, margin requirement 1 %: total exposure 17498 × 5 = $87 490, margin
 * 1 % × 87 490 = $874.90.
 *
 * Reproduced exactly: 874.90 USD.
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

const DJ30 = specFromDecimals({
  id: 1,
  code: 'DJ30.fs',
  precision: 1,
  lotStep: '0.1',
  minLots: '0.1',
  maxLots: '100',
  // $5 per index point: 5 units a lot.
  contractSize: '5',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('Axi: 1 lot DJ30 at 17498, $5 a point, 1 % margin → $874.90', () => {
  it('takes 1 % of the $87 490 exposure', () => {
    const margin = marginMicros(
      DJ30,
      'buy',
      parseLots('1'),
      parsePricePoints('17498', 1),
      100,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('874.900000');
  });
});
