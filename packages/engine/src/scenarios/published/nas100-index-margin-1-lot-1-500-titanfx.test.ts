/**
 * Source: Titan FX help, "Stock index CFDs / metal margin calculation method" —
 * https://titanfxen.zendesk.com/hc/en-us/articles/20905708449689-Stock-Index-CFDs-Metal-Margin-Calculation-Method
 *
 * What it publishes: required margin = price × contract size × lots ÷ leverage; its NAS100
 * example: 5 600.0 × 1 × 1 ÷ 500 = 11.20 USD. (Its JPN225 example is in JPY, a currency the
 * engine keeps no account in, and is not used.)
 *
 * Reproduced exactly: 11.20 USD.
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

const NAS100 = specFromDecimals({
  id: 1,
  code: 'NAS100',
  precision: 1,
  lotStep: '0.1',
  minLots: '0.1',
  maxLots: '100',
  contractSize: '1',
  feeRate: '0',
  marginMode: 0,
  leverage: [500],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('Titan FX: 1 lot NAS100 at 5600.0, 1:500 → 11.20 USD', () => {
  it('divides price × contract by the leverage', () => {
    const margin = marginMicros(
      NAS100,
      'buy',
      parseLots('1'),
      parsePricePoints('5600.0', 1),
      500,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('11.200000');
  });
});
