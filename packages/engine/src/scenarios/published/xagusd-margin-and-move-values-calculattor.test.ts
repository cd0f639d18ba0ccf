/**
 * Source: Calculattor, silver (XAGUSD) lot size, pip value and margin guide —
 * https://calculattor.com/?p=16629
 *
 * What it publishes: a standard lot of silver is 5 000 oz, a mini lot 500 oz, a micro lot
 * 50 oz. A 0.01 move is worth $50 / $5 / $0.50 and a 0.10 move $500 / $50 / $5. At $25.00 with
 * a 1 % margin, the margin is 25 × 5000 × 0.01 = $1 250 for a standard lot, $125 for a mini
 * and $12.50 for a micro.
 *
 * Reproduced exactly: every figure above.
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
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const price = (text: string) => parsePricePoints(text, 3);
const move = (lots: string, to: string) =>
  formatMicros(pnlMicros(XAGUSD, 'buy', price('25.00'), price(to), parseLots(lots), USD_RATE));
const margin = (lots: string) =>
  formatMicros(marginMicros(XAGUSD, 'buy', parseLots(lots), price('25.00'), 100, USD_RATE));

describe('Calculattor: silver standard (1), mini (0.1) and micro (0.01) lots', () => {
  it('moves $50 / $5 / $0.50 per 0.01', () => {
    expect(move('1', '25.01')).toBe('50.000000');
    expect(move('0.1', '25.01')).toBe('5.000000');
    expect(move('0.01', '25.01')).toBe('0.500000');
  });

  it('moves $500 / $50 / $5 per 0.10', () => {
    expect(move('1', '25.10')).toBe('500.000000');
    expect(move('0.1', '25.10')).toBe('50.000000');
    expect(move('0.01', '25.10')).toBe('5.000000');
  });

  it('needs $1250 / $125 / $12.50 of margin at $25.00 and 1 %', () => {
    expect(margin('1')).toBe('1250.000000');
    expect(margin('0.1')).toBe('125.000000');
    expect(margin('0.01')).toBe('12.500000');
  });
});
