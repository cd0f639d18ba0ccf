/**
 * Source: MQL5 forum, thread 431999, page 2 (a reply quoting MQL5's SYMBOL_CALC_MODE profit
 * formulas) — https://www.mql5.com/en/forum/431999/page2
 *
 * What it publishes: 1 lot of XAUUSD (contract 100) bought at 2 500 and closed at 2 510 makes
 * 1 000 USD. (The same reply's EURJPY figure, 100 000 JPY, is given in USD only as "around
 * 700" and is not used.)
 *
 * Reproduced exactly: 1000 USD; derived, not published: the same move on a short loses 1000.
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

const XAUUSD = specFromDecimals({
  id: 1,
  code: 'XAUUSD',
  precision: 2,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('MQL5 forum: 1 lot XAUUSD 2500 → 2510 makes 1000 USD', () => {
  it('makes $10 × 100 oz on a buy', () => {
    const open = parsePricePoints('2500', 2);
    const close = parsePricePoints('2510', 2);
    expect(formatMicros(pnlMicros(XAUUSD, 'buy', open, close, parseLots('1'), USD_RATE))).toBe(
      '1000.000000',
    );
    // Derived: a sell over the same move.
    expect(formatMicros(pnlMicros(XAUUSD, 'sell', open, close, parseLots('1'), USD_RATE))).toBe(
      '-1000.000000',
    );
  });
});
