/**
 * Source: Aphyxx, trading examples (an IG-style worked example) — https://www.aphyxx.com/?p=197
 *
 * What it publishes (its EURUSD example): EURUSD quoted 1.18490 / 1.18508; buying 100 000
 * (1 lot) fills at the ask, 1.18508. Closing at the bid of 1.18824 makes +316 USD; closing at
 * 1.18391 loses −117 USD. (The page's margin figure, "3,948 USD" for 3.33 %, does not match its
 * own inputs and is not used.)
 *
 * Reproduced exactly: the buy at 1.18508, +316 USD and −117 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  closeAt,
  formatMicros,
  type Market,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  USD_RATE,
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
  leverage: [30],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

const market: Market = {
  spec: EURUSD,
  quote: { bid: parsePricePoints('1.18490', 5), ask: parsePricePoints('1.18508', 5) },
  rates: { margin: rateFromUsdPair('1.18490', 5, '1.18508'), profit: USD_RATE },
  feeType: 2,
};

describe('Aphyxx: buy 1 lot EURUSD at the ask 1.18508', () => {
  const opened = openAtMarket(
    { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
    market,
    { side: 'buy', lots: parseLots('1'), leverage: 30, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
  );
  if (!opened.ok) throw new Error(opened.reason);
  const { position } = opened;

  it('fills at the ask', () => {
    expect(position.openPrice).toBe(parsePricePoints('1.18508', 5));
  });

  it('makes +316 USD closed at 1.18824 and −117 USD closed at 1.18391', () => {
    expect(formatMicros(closeAt(position, market, parsePricePoints('1.18824', 5)).pnl)).toBe(
      '316.000000',
    );
    expect(formatMicros(closeAt(position, market, parsePricePoints('1.18391', 5)).pnl)).toBe(
      '-117.000000',
    );
  });
});
