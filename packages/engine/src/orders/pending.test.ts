import { describe, expect, it } from 'vitest';
import { multiplyBy, USD_RATE } from '../instruments/conversion.ts';
import { asPricePoints, NO_PRICE, parseLots } from '../instruments/spec.ts';
import { parseMicros } from '../money/micros.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import {
  checkPendingPrice,
  exitTriggers,
  fillTrigger,
  pendingKind,
  pendingReached,
  placePending,
} from './pending.ts';
import type { Market } from './position.ts';

const pt = asPricePoints;
const quote = { bid: pt(108_500n), ask: pt(108_508n) };
const EURUSD = forexPair('EURUSD', 5, 'USD');
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
const order = {
  side: 'buy' as const,
  lots: parseLots('1'),
  leverage: 100,
  takeProfit: NO_PRICE,
  stopLoss: NO_PRICE,
};

describe('pending orders at their edges (DECISIONS.md: limit at the target or better, stop beyond it)', () => {
  it('judges a buy against the ask and a sell against the bid, inside the spread too', () => {
    // A buy at 1.08504 is below the ask (a limit) though above the bid.
    expect(fillTrigger(1, 'buy', pt(108_504n), quote).direction).toBe('at-or-below');
    // A sell at 1.08504 is above the bid (a limit) though below the ask.
    expect(fillTrigger(2, 'sell', pt(108_504n), quote).direction).toBe('at-or-above');
  });

  it('takes a target at the current price as a limit that the market already reaches', () => {
    expect(fillTrigger(1, 'buy', quote.ask, quote).direction).toBe('at-or-below');
    expect(fillTrigger(2, 'sell', quote.bid, quote).direction).toBe('at-or-above');
  });

  it('names the four types as MT5 does: a limit at the price or better, a stop beyond it', () => {
    expect(pendingKind('buy', pt(108_400n), quote)).toBe('limit');
    expect(pendingKind('buy', quote.ask, quote)).toBe('limit');
    expect(pendingKind('buy', pt(108_509n), quote)).toBe('stop');
    expect(pendingKind('sell', pt(108_600n), quote)).toBe('limit');
    expect(pendingKind('sell', quote.bid, quote)).toBe('limit');
    expect(pendingKind('sell', pt(108_499n), quote)).toBe('stop');
    // Inside the spread: a buy is judged against the ask, a sell against the bid.
    expect(pendingKind('buy', pt(108_504n), quote)).toBe('limit');
    expect(pendingKind('sell', pt(108_504n), quote)).toBe('limit');
  });

  it('arms only the exits that are set', () => {
    expect(exitTriggers(7, 'buy', pt(109_000n), NO_PRICE).map((t) => t.key)).toEqual(['7:tp']);
    expect(exitTriggers(7, 'sell', NO_PRICE, pt(109_000n)).map((t) => t.key)).toEqual(['7:sl']);
    expect(exitTriggers(7, 'buy', NO_PRICE, NO_PRICE)).toEqual([]);
  });

  it('requires a positive target', () => {
    for (const target of [NO_PRICE, pt(-1n)])
      expect(placePending(funds, market, { ...order, target })).toEqual({
        ok: false,
        reason: 'PRICE_REQUIRED',
      });
  });

  it('reserves margin + fee at the target with one reserve row', () => {
    // 1 lot at 1.08000 / 100: 1 080 + 0.54 fee.
    expect(placePending(funds, market, { ...order, target: pt(108_000n) })).toEqual({
      ok: true,
      reserve: parseMicros('1080.54'),
      ledger: [{ kind: 'reserve', amount: parseMicros('-1080.54') }],
    });
  });

  it('judges its stops against the target, not the current quote', () => {
    // A buy limit at 1.08000 with a stop loss at 1.08200: above the target, so wrong — though
    // it is below the current bid.
    expect(
      placePending(funds, market, { ...order, target: pt(108_000n), stopLoss: pt(108_200n) }),
    ).toEqual({ ok: false, reason: 'STOP_LOSS_WRONG_SIDE' });
    // A take profit at 1.08300: above the target, though below the current bid: fine.
    expect(
      placePending(funds, market, { ...order, target: pt(108_000n), takeProfit: pt(108_300n) }),
    ).toMatchObject({ ok: true });
  });
});

describe('checkPendingPrice', () => {
  const quote = { bid: asPricePoints(108_500n), ask: asPricePoints(108_510n) };
  const level = asPricePoints(10n);

  it('keeps a pending order at least the stop level from the price it fills on', () => {
    // A Buy Limit fills on the Ask: 108 500 is 10 points below it, 108 501 only 9.
    expect(checkPendingPrice('buy', asPricePoints(108_500n), quote, level)).toEqual({ ok: true });
    expect(checkPendingPrice('buy', asPricePoints(108_501n), quote, level)).toEqual({
      ok: false,
      reason: 'PRICE_TOO_CLOSE',
    });
    // A Sell Stop fills on the Bid.
    expect(checkPendingPrice('sell', asPricePoints(108_491n), quote, level).ok).toBe(false);
    expect(checkPendingPrice('sell', asPricePoints(108_490n), quote, level).ok).toBe(true);
    expect(checkPendingPrice('buy', asPricePoints(108_510n), quote, asPricePoints(0n)).ok).toBe(
      true,
    );
  });

  it('refuses a move that would turn a limit into a stop', () => {
    expect(checkPendingPrice('buy', asPricePoints(108_600n), quote, level, 'at-or-below')).toEqual({
      ok: false,
      reason: 'PENDING_TYPE_CHANGED',
    });
    expect(checkPendingPrice('buy', asPricePoints(108_400n), quote, level, 'at-or-below').ok).toBe(
      true,
    );
    expect(checkPendingPrice('sell', asPricePoints(108_400n), quote, level, 'at-or-above')).toEqual(
      { ok: false, reason: 'PENDING_TYPE_CHANGED' },
    );
  });

  it('tells when the market has reached a waiting price', () => {
    expect(pendingReached('buy', 'at-or-below', asPricePoints(108_510n), quote)).toBe(true);
    expect(pendingReached('buy', 'at-or-below', asPricePoints(108_509n), quote)).toBe(false);
    expect(pendingReached('sell', 'at-or-above', asPricePoints(108_500n), quote)).toBe(true);
    expect(pendingReached('sell', 'at-or-below', asPricePoints(108_499n), quote)).toBe(false);
  });
});
