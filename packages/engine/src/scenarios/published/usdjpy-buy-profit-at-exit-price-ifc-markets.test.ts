/**
 * Source: IFC Markets, "How to calculate your profit and loss" —
 * https://www.ifcmarkets.com/en/introduction/profit-loss-calculation
 *
 * What it publishes: USDJPY quoted 95.620 / 95.650; buying 200 000 USD (2 lots) fills at the
 * ask, 95.650. Later USDJPY is 96.400 / 96.430 and the position is sold back at the bid, 96.400:
 * 19 280 000 − 19 130 000 = 150 000 JPY, converted at that exit price: 150 000 / 96.400 =
 * 1556.01 USD (150 000 / 96.4 is 1556.0166…: the page cuts it to the cent, it does not round).
 *
 * Reproduced to the published rounding (cents, cut): 1556.01 — the engine's 1556.016598 USD.
 * The conversion at the exit price is MT5's rule for a pair that converts its own profit
 * currency ("the price at which the market exit has been performed").
 */
import { describe, expect, it } from 'vitest';
import {
  closeAt,
  divide,
  floatingPnl,
  formatMicros,
  type Market,
  marketRates,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  type Quote,
  specFromDecimals,
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
  leverage: [100],
  quoteCurrency: 'JPY',
  calcMode: 'forex',
  marginCurrency: 'USD',
});

const market = (bid: string, ask: string): Market => {
  const quote: Quote = { bid: parsePricePoints(bid, 3), ask: parsePricePoints(ask, 3) };
  const rateOf = (code: string) =>
    code === 'USDJPY' ? { bidPoints: quote.bid, askPoints: quote.ask, precision: 3 } : undefined;
  return { spec: USDJPY, quote, rates: marketRates(USDJPY, rateOf), feeType: 2 };
};

describe('IFC Markets: buy 2 lots USDJPY at 95.650, sell back at 96.400 → 1556.01 USD', () => {
  // Leverage is not published; 1:100 is a derived input (it only sets the margin).
  const opened = openAtMarket(
    { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
    market('95.620', '95.650'),
    { side: 'buy', lots: parseLots('2'), leverage: 100, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
  );
  if (!opened.ok) throw new Error(opened.reason);
  const { position } = opened;

  it('buys at the ask', () => {
    expect(position.openPrice).toBe(parsePricePoints('95.650', 3));
  });

  it('converts the 150 000 JPY at the exit bid 96.400', () => {
    const later = market('96.400', '96.430');
    const closed = closeAt(position, later, later.quote.bid);
    expect(formatMicros(closed.pnl)).toBe('1556.016598');
    // Cut to cents as the page does.
    expect(divide(closed.pnl, 10_000n, 'down')).toBe(155_601n);
    // Derived: the floating P&L at that quote is the same (a buy closes on the bid).
    expect(floatingPnl(position, later)).toBe(closed.pnl);
  });
});
