/**
 * Source: ICE Markets help, "Calculation of the stop out level", example 2 —
 * https://help.ice-markets.com/en/articles/3343736-calculation-of-the-stop-out-level
 *
 * What it publishes: USD account, leverage 1:100, 0.5 lot of GBPUSD quoted 1.38700 bid /
 * 1.38730 ask. A buy is priced at the ask: 0.5 × 100 000 × 1.38730 / 100 = 693.65 USD; a sell
 * at the bid: 0.5 × 100 000 × 1.38700 / 100 = 693.5 USD.
 *
 * Reproduced exactly: 693.65 USD (buy) and 693.50 USD (sell).
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  type Market,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  type Side,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const GBPUSD = specFromDecimals({
  id: 1,
  code: 'GBPUSD',
  precision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'GBP',
});

const market: Market = {
  spec: GBPUSD,
  quote: { bid: parsePricePoints('1.38700', 5), ask: parsePricePoints('1.38730', 5) },
  rates: { margin: rateFromUsdPair('1.38700', 5, '1.38730'), profit: USD_RATE },
  feeType: 2,
};

const open = (side: Side) => {
  const opened = openAtMarket(
    { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
    market,
    { side, lots: parseLots('0.5'), leverage: 100, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
  );
  if (!opened.ok) throw new Error(opened.reason);
  return opened.position;
};

describe('ICE Markets: 0.5 lot GBPUSD 1.38700/1.38730 at 1:100', () => {
  it('prices a buy at the ask: 693.65 USD', () => {
    const position = open('buy');
    expect(position.openPrice).toBe(parsePricePoints('1.38730', 5));
    expect(formatMicros(position.margin)).toBe('693.650000');
  });

  it('prices a sell at the bid: 693.5 USD', () => {
    const position = open('sell');
    expect(position.openPrice).toBe(parsePricePoints('1.38700', 5));
    expect(formatMicros(position.margin)).toBe('693.500000');
  });
});
