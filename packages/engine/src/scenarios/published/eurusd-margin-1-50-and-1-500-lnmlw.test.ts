/**
 * Source: lnmlw.com, a (machine-translated) forex account-opening guide on occupied margin —
 * http://lnmlw.com/Foreignexaccountopening/lucwqaiwoq.html
 *
 * What it publishes (its EURUSD example): for a pair quoted in USD the occupied margin is
 * lots × units × rate / leverage; 1 lot (100 000) of EURUSD at 1.3400 needs USD 2 680 at 50:1
 * and USD 268 at 500:1.
 *
 * Reproduced exactly: 2680 USD and 268 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  specFromDecimals,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

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
  leverage: [50, 500],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

const margin = (leverage: number) =>
  formatMicros(
    marginMicros(
      EURUSD,
      'buy',
      parseLots('1'),
      parsePricePoints('1.3400', 5),
      leverage,
      rateFromUsdPair('1.3400', 5),
    ),
  );

describe('lnmlw: 1 lot EURUSD at 1.3400 → USD 2680 at 50:1, USD 268 at 500:1', () => {
  it('divides the USD value of the lot by the leverage', () => {
    expect(margin(50)).toBe('2680.000000');
    expect(margin(500)).toBe('268.000000');
  });
});
