import { describe, expect, it } from 'vitest';
import { accountFigures } from '../account/account-figures.ts';
import { multiplyBy, USD_RATE } from '../instruments/conversion.ts';
import { asPricePoints, NO_PRICE, parseLots } from '../instruments/spec.ts';
import { parseMicros } from '../money/micros.ts';
import { openAtMarket, priceOrder } from '../orders/commands.ts';
import { placePending } from '../orders/pending.ts';
import type { Market } from '../orders/position.ts';
import { forexPair } from './fixtures.ts';

const usd = parseMicros;
const EURUSD = forexPair('EURUSD', 5, 'USD');
const market: Market = {
  spec: EURUSD,
  quote: { bid: asPricePoints(108_500n), ask: asPricePoints(108_508n) },
  rates: {
    margin: {
      bid: multiplyBy(asPricePoints(108_500n), 5),
      ask: multiplyBy(asPricePoints(108_508n), 5),
    },
    profit: USD_RATE,
  },
  feeType: 2,
};
const fiveLots = {
  side: 'buy' as const,
  lots: parseLots('5'),
  leverage: 100,
  takeProfit: NO_PRICE,
  stopLoss: NO_PRICE,
};

/**
 * The open guard (issue 22, defect 5): an order is paid from the balance, and must also fit
 * the free margin. Reserves for pending orders count in equity — so in the free margin — but
 * they are already committed: the balance alone says what a new order may take.
 */
describe('opening an order next to a large pending reserve', () => {
  // Deposit 10 000; a pending order reserved 8 500: balance 1 500, free margin 10 000.
  const funds = {
    balance: usd('1500'),
    freeMargin: accountFigures({ balance: usd('1500'), reserved: usd('8500') }, []).freeMargin,
  };

  it('counts the reserve in the free margin', () => {
    expect(funds.freeMargin).toBe(usd('10000'));
  });

  it('refuses an order whose cost the balance cannot pay, though the free margin could', () => {
    // 5 lots at 1.08508 / 100: margin 5 425.40 + fee 2.7127 > 1 500.
    expect(openAtMarket(funds, market, fiveLots)).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_MARGIN',
    });
    expect(placePending(funds, market, { ...fiveLots, target: asPricePoints(108_000n) })).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_MARGIN',
    });
  });

  it('refuses an order whose cost the balance could pay but the free margin cannot', () => {
    // A losing position ate the free margin: balance 9 000, free margin 1 000.
    const eaten = { balance: usd('9000'), freeMargin: usd('1000') };
    expect(openAtMarket(eaten, market, { ...fiveLots, lots: parseLots('1') })).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_MARGIN',
    });
  });

  it('accepts an order that both can pay, to the micro-dollar', () => {
    // 1 lot: margin 1 085.08 + fee 0.54254 = 1 085.62254.
    const exact = { balance: usd('1085.62254'), freeMargin: usd('1085.62254') };
    const priced = priceOrder(
      exact,
      market,
      { ...fiveLots, lots: parseLots('1') },
      asPricePoints(108_508n),
      market.quote,
    );
    expect(priced).toMatchObject({ ok: true, cost: usd('1085.62254') });
    const short = { balance: usd('1085.622539'), freeMargin: usd('1085.62254') };
    expect(openAtMarket(short, market, { ...fiveLots, lots: parseLots('1') })).toMatchObject({
      ok: false,
    });
  });
});
