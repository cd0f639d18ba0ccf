/**
 * Source: ICM Capital, "Trading examples — spot metals" —
 * http://icmcapital.co.uk/education/trading-examples/spot-metals/
 *
 * What it publishes: buying 5 lots of GOLD (100 oz a lot) at 1 750.30 and selling at 1 758.80:
 * 875 150 USD in, 879 400 USD out, a profit of $4 250.
 *
 * Reproduced exactly: 4250 USD.
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

describe('ICM: buy 5 lots gold at 1750.30, sell at 1758.80 → $4250', () => {
  it('makes 8.50 × 500 oz', () => {
    const pnl = pnlMicros(
      XAUUSD,
      'buy',
      parsePricePoints('1750.30', 2),
      parsePricePoints('1758.80', 2),
      parseLots('5'),
      USD_RATE,
    );
    expect(formatMicros(pnl)).toBe('4250.000000');
  });
});
