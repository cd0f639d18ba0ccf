/**
 * Source: XM help centre, "How do I calculate profit?" —
 * https://www.xm.com/help-center/research_education/faq-how-do-i-calculate-profit
 *
 * What it publishes: a buy of 0.01 lot EURUSD (contract 100 000) opened at 1.29887 and closed
 * at 1.29906 makes (1.29906 − 1.29887) × 100 000 × 0.01 = 0.19 USD.
 *
 * Reproduced exactly: 0.19 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  parseLots,
  parsePricePoints,
  pnlMicros,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';

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

describe('XM: buy 0.01 lot EURUSD 1.29887 → 1.29906 makes 0.19 USD', () => {
  it('multiplies the move by the units', () => {
    const pnl = pnlMicros(
      EURUSD,
      'buy',
      parsePricePoints('1.29887', 5),
      parsePricePoints('1.29906', 5),
      parseLots('0.01'),
      USD_RATE,
    );
    expect(formatMicros(pnl)).toBe('0.190000');
  });
});
