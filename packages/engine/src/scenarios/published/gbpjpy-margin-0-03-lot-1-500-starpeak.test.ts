/**
 * Source: Starpeak Trade forum, "How to calculate margin and equity" (a trader's GBPJPY
 * question answered on the broker's forum) —
 * http://www.starpeaktrade.com/en/forum/how-to-calculate-margin-and-equity-129466
 *
 * What it publishes: for a cross pair the margin is taken in the base currency and valued at
 * the base currency's USD rate; for GBPJPY that is GBPUSD. Its worked figure: 0.03 lot of
 * GBPJPY at 1:500 (0.2 %) with GBPUSD at 1.2500 needs 100 000 × 0.03 × 0.2 % × 1.2500 =
 * USD 7.50. (The GBPJPY price in the question, 132.71, does not enter; the other figures in the
 * thread, 7.90 and 7.33, rest on GBPUSD prices the post does not give and are not used.)
 *
 * Reproduced exactly: 7.50 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  currencyRate,
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  type Rate,
  specFromDecimals,
} from '../../index.ts';

const GBPJPY = specFromDecimals({
  id: 1,
  code: 'GBPJPY',
  precision: 3,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [500],
  quoteCurrency: 'JPY',
  calcMode: 'forex',
  marginCurrency: 'GBP',
});

const gbpusd = parsePricePoints('1.25000', 5);
const rateOf = (code: string): Rate | undefined =>
  code === 'GBPUSD' ? { bidPoints: gbpusd, askPoints: gbpusd, precision: 5 } : undefined;

describe('Starpeak forum: 0.03 lot GBPJPY at 1:500 with GBPUSD 1.2500 → USD 7.50', () => {
  it('values the GBP margin at GBPUSD', () => {
    const margin = marginMicros(
      GBPJPY,
      'buy',
      parseLots('0.03'),
      parsePricePoints('132.710', 3),
      500,
      currencyRate('GBP', rateOf),
    );
    expect(formatMicros(margin)).toBe('7.500000');
  });
});
