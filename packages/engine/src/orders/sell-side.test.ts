import { describe, expect, it } from 'vitest';
import { multiplyBy, USD_RATE } from '../instruments/conversion.ts';
import { asPricePoints, NO_PRICE, parseLots } from '../instruments/spec.ts';
import { formatMicros, parseMicros } from '../money/micros.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import { closeAt, floatingPnl, openAtMarket } from './commands.ts';
import { closingPrice, type Market, marginHeldDelta, openingPrice } from './position.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');
const quote = { bid: asPricePoints(108_500n), ask: asPricePoints(108_508n) };
const market: Market = {
  spec: EURUSD,
  quote,
  rates: {
    margin: { bid: multiplyBy(quote.bid, 5), ask: multiplyBy(quote.ask, 5) },
    profit: USD_RATE,
  },
  feeType: 2,
};
const funds = { balance: parseMicros('100000'), freeMargin: parseMicros('100000') };

describe('a sell opens at the bid and closes at the ask; the ledger names each amount', () => {
  it('prices both sides of the quote', () => {
    expect(openingPrice('sell', quote)).toBe(108_500n);
    expect(openingPrice('buy', quote)).toBe(108_508n);
    expect(closingPrice('sell', quote)).toBe(108_508n);
    expect(closingPrice('buy', quote)).toBe(108_500n);
  });

  it('opens a sell at the bid with margin and fee rows, closes it with margin and P&L rows', () => {
    const opened = openAtMarket(funds, market, {
      side: 'sell',
      lots: parseLots('1'),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.position.openPrice).toBe(108_500n);
    expect(opened.ledger).toEqual([
      { kind: 'margin', amount: parseMicros('-1085') },
      { kind: 'fee', amount: parseMicros('-0.5425') },
    ]);
    // At once the spread is the loss: closing at the ask, 8 points × 1 lot = 8 USD.
    expect(formatMicros(floatingPnl(opened.position, market))).toBe('-8.000000');
    const closed = closeAt(opened.position, market, closingPrice('sell', quote));
    expect(closed.ledger).toEqual([
      { kind: 'margin-release', amount: parseMicros('1085') },
      { kind: 'pnl', amount: parseMicros('-8') },
    ]);
  });

  it('moves margin held by the margin rows only', () => {
    expect(marginHeldDelta({ kind: 'margin', amount: parseMicros('-1085') })).toBe(
      parseMicros('1085'),
    );
    expect(marginHeldDelta({ kind: 'margin-release', amount: parseMicros('1085') })).toBe(
      parseMicros('-1085'),
    );
    for (const kind of ['fee', 'pnl', 'reserve', 'protection', 'deposit'] as const)
      expect(marginHeldDelta({ kind, amount: parseMicros('-5') })).toBe(0n);
  });
});
