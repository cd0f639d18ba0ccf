/**
 * Source: lnmlw.com, a (machine-translated) forex account-opening guide on occupied margin —
 * http://lnmlw.com/Foreignexaccountopening/lucwqaiwoq.html
 *
 * What it publishes (its USDJPY example): for a pair whose base is USD the occupied margin is
 * lots × units / leverage, no rate in it; 1 lot (100 000) of USDJPY needs USD 2 000 at 50:1
 * and USD 200 at 500:1.
 *
 * Reproduced exactly: 2000 USD and 200 USD. The USDJPY price (not published) is any price:
 * two different ones are used to show it does not enter (derived).
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  type Side,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';

const USDJPY = specFromDecimals({
  id: 1,
  code: 'USDJPY',
  precision: 3,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [50, 500],
  quoteCurrency: 'JPY',
  calcMode: 'forex',
  marginCurrency: 'USD',
});

const margin = (side: Side, price: string, leverage: number) =>
  formatMicros(
    marginMicros(USDJPY, side, parseLots('1'), parsePricePoints(price, 3), leverage, USD_RATE),
  );

describe('lnmlw: 1 lot USDJPY → USD 2000 at 50:1, USD 200 at 500:1', () => {
  it('takes the margin in dollars, whatever the yen does', () => {
    expect(margin('buy', '110.000', 50)).toBe('2000.000000');
    expect(margin('buy', '110.000', 500)).toBe('200.000000');
    // Derived, not published: another price and the sell side give the same figures.
    expect(margin('sell', '150.250', 50)).toBe('2000.000000');
    expect(margin('sell', '150.250', 500)).toBe('200.000000');
  });
});
