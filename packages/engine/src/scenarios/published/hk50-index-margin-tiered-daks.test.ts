/**
 * Source: DAKS Trading, "CFD APAC index" — https://www.daks-trading.com/copy-of-us-indices
 *
 * What it publishes: margin = lots × contract size × market price / maximum leverage
 * (× a conversion rate "if applicable", which the examples leave out). HK50, contract 50,
 * price 26 500, maximum leverage 100 (the account's 1:500 is capped):
 * - 20 lots: 20 × 50 × 26500 / 100 = 265 000 USD;
 * - 120 lots, tiered: the first 100 lots at 1:100 = 1 325 000 and the next 20 at 1:50 =
 *   530 000, in total 1 855 000 USD.
 *
 * Reproduced exactly: 265 000, 1 325 000, 530 000 and 1 855 000. Like the page, the test
 * quotes HK50 in USD (no HKD conversion). The engine has no tiers: the test adds the two
 * tiers' margins, each computed by the engine.
 */
import { describe, expect, it } from 'vitest';
import {
  addMicros,
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';

const HK50 = specFromDecimals({
  id: 1,
  code: 'HK50',
  precision: 1,
  lotStep: '1',
  minLots: '1',
  maxLots: '200',
  contractSize: '50',
  feeRate: '0',
  marginMode: 0,
  leverage: [50, 100],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const margin = (lots: string, leverage: number) =>
  marginMicros(HK50, 'buy', parseLots(lots), parsePricePoints('26500', 1), leverage, USD_RATE);

describe('DAKS: HK50 (contract 50) at 26500', () => {
  it('needs 265 000 USD for 20 lots at 1:100', () => {
    expect(formatMicros(margin('20', 100))).toBe('265000.000000');
  });

  it('needs 1 325 000 + 530 000 = 1 855 000 USD for 120 lots in two tiers', () => {
    const first = margin('100', 100);
    const second = margin('20', 50);
    expect(formatMicros(first)).toBe('1325000.000000');
    expect(formatMicros(second)).toBe('530000.000000');
    expect(formatMicros(addMicros(first, second))).toBe('1855000.000000');
  });
});
