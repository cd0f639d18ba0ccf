/**
 * Source: MetaTrader 5 help, "Margin Calculation: Basic", CFD section — Manager copy
 * https://support.metaquotes.net/en/docs/mt5/manager/trading_advanced/margin_formula (a copy of
 * the terminal help page, https://www.metatrader5.com/en/terminal/help/trading_advanced/margin_formula,
 * carries the same example).
 *
 * What it publishes: CFD margin is lots × contract size × market price, the Ask for a buy and
 * the Bid for a sell. Buying 1 lot of oil, 100 barrels a contract, at an Ask of USD 80 takes
 * 1 × 100 × 80 = USD 8 000 (plain CFD mode, no leverage).
 *
 * Reproduced exactly: 8000 USD (leverage 1:1 stands for "no leverage").
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
} from '../../index.ts';
import { USD_ONLY } from '../fixtures.ts';

const OIL = specFromDecimals({
  id: 1,
  code: 'OIL',
  precision: 2,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100',
  feeRate: '0',
  marginMode: 0,
  leverage: [1],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

describe('MT5 help: buy 1 lot oil (100 barrels) at an Ask of USD 80 → USD 8000', () => {
  it('prices the buy at the Ask', () => {
    // The Bid is not published; 79.95 is a derived input, there only to show the Ask is used.
    const opened = openAtMarket(
      { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
      {
        spec: OIL,
        quote: { bid: parsePricePoints('79.95', 2), ask: parsePricePoints('80', 2) },
        rates: USD_ONLY,
        feeType: 2,
      },
      { side: 'buy', lots: parseLots('1'), leverage: 1, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
    );
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.position.openPrice).toBe(parsePricePoints('80', 2));
    expect(formatMicros(opened.position.margin)).toBe('8000.000000');
  });
});
