/**
 * Source: Trading 212 help centre, "What is leverage and how does it work?" —
 * https://helpcentre.trading212.com/hc/en-us/articles/360008142198-What-is-leverage-and-how-does-it-work
 *
 * What it publishes: 5 shares at 203.69 USD are worth 1 018.45 USD; with leverage 1:5 the
 * margin is 203.69 USD. (The page's conversion of that margin to EUR multiplies where it should
 * divide and is not used.)
 *
 * Reproduced exactly: 203.69 USD. The notional, 1 018.45 USD, is the margin at 1:1.
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

const SHARE = specFromDecimals({
  id: 1,
  code: 'SHARE',
  precision: 2,
  lotStep: '1',
  minLots: '1',
  maxLots: '10000',
  contractSize: '1',
  feeRate: '0',
  marginMode: 0,
  leverage: [1, 5],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const margin = (leverage: number) =>
  formatMicros(
    marginMicros(SHARE, 'buy', parseLots('5'), parsePricePoints('203.69', 2), leverage, USD_RATE),
  );

describe('Trading 212: 5 shares at 203.69 USD with 1:5 leverage → 203.69 USD margin', () => {
  it('is worth 1018.45 USD and needs a fifth of it', () => {
    expect(margin(1)).toBe('1018.450000');
    expect(margin(5)).toBe('203.690000');
  });
});
