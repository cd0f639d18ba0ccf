/**
 * Source: ICE Markets help, "Calculation of the stop out level", example 3 —
 * https://help.ice-markets.com/en/articles/3343736-calculation-of-the-stop-out-level
 *
 * What it publishes: USD account, leverage 1:100, 0.3 lot of USDCHF quoted 0.93880 bid /
 * 0.93890 ask. The deposit currency is the pair's base, so no price enters: a buy and a sell
 * both need 0.3 × 100 000 / 100 = 300 USD.
 *
 * Reproduced exactly: 300 USD for the buy and for the sell.
 */
import { describe, expect, it } from 'vitest';
import {
  currencyRate,
  formatMicros,
  type Market,
  marketRates,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  type Rate,
  type Side,
  specFromDecimals,
} from '../../index.ts';

const USDCHF = specFromDecimals({
  id: 1,
  code: 'USDCHF',
  precision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'CHF',
  calcMode: 'forex',
  marginCurrency: 'USD',
});

const quote = { bid: parsePricePoints('0.93880', 5), ask: parsePricePoints('0.93890', 5) };
const rateOf = (code: string): Rate | undefined =>
  code === 'USDCHF' ? { bidPoints: quote.bid, askPoints: quote.ask, precision: 5 } : undefined;
const market: Market = { spec: USDCHF, quote, rates: marketRates(USDCHF, rateOf), feeType: 2 };

const margin = (side: Side) => {
  const opened = openAtMarket(
    { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
    market,
    { side, lots: parseLots('0.3'), leverage: 100, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
  );
  if (!opened.ok) throw new Error(opened.reason);
  return formatMicros(opened.position.margin);
};

describe('ICE Markets: 0.3 lot USDCHF at 1:100 → 300 USD, buy or sell', () => {
  it('needs no rate for a USD-based pair', () => {
    expect(currencyRate('USD', rateOf)).toEqual(market.rates.margin);
    expect(margin('buy')).toBe('300.000000');
    expect(margin('sell')).toBe('300.000000');
  });
});
