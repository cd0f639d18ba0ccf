/**
 * Sources:
 * - MetaTrader 4 Administrator help, "Profit calculation" —
 *   https://support.metaquotes.net/en/docs/mt4/administrator/administration/ug_symbols/profit_calculation
 *   (the MetaTrader 5 administrator help, "Profit Calculation", gives the same example);
 * - Stellux manager documentation, "Profit and loss calculation" (an MT5-style server) —
 *   https://doc.stellux.io/docs/manager/symbol/formula2
 *
 * What they publish: closing a buy of 1 lot EURUSD opened at 1.2000 and closed at 1.2050,
 * contract 100 000: (1.2050 − 1.2000) × 100 000 × 1 = 500 USD. MetaQuotes gives the same
 * numbers for its CFD formula, (close − open) × contract size × lots = 500 USD.
 *
 * Reproduced exactly: 500 USD, for the forex pair and for a CFD on the same numbers.
 */
import { describe, expect, it } from 'vitest';
import {
  type CalcMode,
  closeAt,
  formatMicros,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const eurusd = (calcMode: CalcMode) =>
  specFromDecimals({
    id: 1,
    code: 'EURUSD',
    precision: 4,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    contractSize: '100000',
    feeRate: '0',
    marginMode: 0,
    leverage: [100],
    quoteCurrency: 'USD',
    calcMode,
    marginCurrency: calcMode === 'forex' ? 'EUR' : 'USD',
  });

describe('MetaQuotes: buy 1 lot EURUSD at 1.2000, close at 1.2050 → 500 USD', () => {
  for (const calcMode of ['forex', 'cfd'] as const) {
    it(`makes 500 USD (${calcMode} formula)`, () => {
      const spec = eurusd(calcMode);
      const open = parsePricePoints('1.2000', 4);
      const rates = { margin: rateFromUsdPair('1.2000', 4), profit: USD_RATE };
      const opened = openAtMarket(
        { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
        { spec, quote: { bid: open, ask: open }, rates, feeType: 2 },
        {
          side: 'buy',
          lots: parseLots('1'),
          leverage: 100,
          takeProfit: NO_PRICE,
          stopLoss: NO_PRICE,
        },
      );
      if (!opened.ok) throw new Error(opened.reason);
      const closed = closeAt(opened.position, { spec, rates }, parsePricePoints('1.2050', 4));
      expect(formatMicros(closed.pnl)).toBe('500.000000');
    });
  }
});
