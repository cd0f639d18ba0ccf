import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplyBy, USD_RATE } from '../instruments/conversion.ts';
import { asLots, asPricePoints, NO_PRICE, parseLots } from '../instruments/spec.ts';
import { addMicros, asMicros, formatMicros, parseMicros, sumMicros } from '../money/micros.ts';
import { closeAt, floatingPnl, openAtMarket } from '../orders/commands.ts';
import type { Market } from '../orders/position.ts';
import { forexPair } from './fixtures.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');
/** EURUSD's quote; bid and ask in points (108_500n is 1.08500). */
const market = (bid: bigint, ask: bigint): Market => ({
  spec: EURUSD,
  quote: { bid: asPricePoints(bid), ask: asPricePoints(ask) },
  // EURUSD's margin is in euros, converted at EURUSD itself (a buy at the ask, a sell at the bid).
  rates: {
    margin: { bid: multiplyBy(asPricePoints(bid), 5), ask: multiplyBy(asPricePoints(ask), 5) },
    profit: USD_RATE,
  },
  feeType: 2,
});
const lots = parseLots;
const usd = parseMicros;

describe('EURUSD long: open at the ask, close at the bid', () => {
  it('charges margin and fee, returns margin and P&L', () => {
    const opened = openAtMarket(
      { balance: usd('100000'), freeMargin: usd('100000') },
      market(108_500n, 108_508n),
      {
        side: 'buy',
        lots: lots('1'),
        leverage: 100,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      },
    );
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.position.openPrice).toBe(108_508n);
    expect(formatMicros(opened.position.margin)).toBe('1085.080000');
    expect(formatMicros(opened.position.fee)).toBe('0.542540');
    expect(opened.ledger.map((l) => formatMicros(l.amount))).toEqual(['-1085.080000', '-0.542540']);
    expect(formatMicros(floatingPnl(opened.position, market(108_600n, 108_608n)))).toBe(
      '92.000000',
    );
    const closed = closeAt(opened.position, market(108_600n, 108_608n), asPricePoints(108_600n));
    expect(formatMicros(closed.pnl)).toBe('92.000000');
    const balance = addMicros(
      usd('100000'),
      sumMicros([...opened.ledger, ...closed.ledger].map((l) => l.amount)),
    );
    // 100 000 − fee + P&L.
    expect(formatMicros(balance)).toBe('100091.457460');
  });

  it('refuses what the account cannot pay for, and bad requests', () => {
    const poor = { balance: usd('1000'), freeMargin: usd('1000') };
    const request = {
      side: 'buy' as const,
      lots: lots('1'),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    };
    expect(openAtMarket(poor, market(108_500n, 108_508n), request)).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_MARGIN',
    });
    // Enough balance but floating losses eat the free margin.
    expect(
      openAtMarket(
        { balance: usd('5000'), freeMargin: usd('900') },
        market(108_500n, 108_508n),
        request,
      ),
    ).toEqual({ ok: false, reason: 'INSUFFICIENT_MARGIN' });
    expect(
      openAtMarket(poor, market(108_500n, 108_508n), { ...request, lots: lots('0.015') }),
    ).toEqual({ ok: false, reason: 'LOTS_OFF_STEP' });
    expect(
      openAtMarket(poor, market(108_500n, 108_508n), {
        ...request,
        lots: lots('0.01'),
        takeProfit: asPricePoints(108_400n),
      }),
    ).toEqual({
      ok: false,
      reason: 'TAKE_PROFIT_WRONG_SIDE',
    });
  });

  it('never leaves a negative balance, and a round trip returns margin + P&L exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }).map(asMicros),
        fc.integer({ min: 1, max: 5000 }),
        fc.constantFrom(50, 100, 200, 500),
        fc.bigInt({ min: 50_000n, max: 200_000n }),
        fc.integer({ min: -3000, max: 3000 }),
        fc.constantFrom('buy' as const, 'sell' as const),
        (balance, steps, leverage, bid, move, side) => {
          const m = market(bid, bid + 8n);
          const opened = openAtMarket({ balance, freeMargin: balance }, m, {
            side,
            lots: asLots(BigInt(steps) * 100n),
            leverage,
            takeProfit: NO_PRICE,
            stopLoss: NO_PRICE,
          });
          if (!opened.ok) return;
          const after = addMicros(balance, sumMicros(opened.ledger.map((l) => l.amount)));
          expect(after >= 0n).toBe(true);
          const closePrice = asPricePoints(bid + BigInt(move));
          const closed = closeAt(opened.position, m, closePrice);
          expect(closed.ledger[0]!.amount).toBe(opened.position.margin);
          expect(sumMicros(closed.ledger.map((l) => l.amount))).toBe(
            addMicros(opened.position.margin, closed.pnl),
          );
        },
      ),
    );
  });
});
