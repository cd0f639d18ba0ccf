import { describe, expect, it } from 'vitest';
import { asPricePoints, NO_PRICE, parseLots } from '../instruments/spec.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import { checkLots, checkStops } from './validate-order.ts';

const EURUSD = forexPair('EURUSD', 5, 'USD');
const pt = asPricePoints;
const bid = pt(108_500n);
const ask = pt(108_508n);

describe('order checks at their edges', () => {
  it('accepts exactly the maximum and the minimum lots', () => {
    expect(checkLots(EURUSD, parseLots('50'))).toEqual({ ok: true });
    expect(checkLots(EURUSD, parseLots('0.01'))).toEqual({ ok: true });
  });

  it('refuses a stop loss at the closing price itself, on both sides', () => {
    expect(checkStops('buy', bid, ask, NO_PRICE, bid)).toEqual({
      ok: false,
      reason: 'STOP_LOSS_WRONG_SIDE',
    });
    expect(checkStops('sell', bid, ask, NO_PRICE, ask)).toEqual({
      ok: false,
      reason: 'STOP_LOSS_WRONG_SIDE',
    });
    expect(checkStops('buy', bid, ask, ask, NO_PRICE)).toEqual({ ok: true });
    expect(checkStops('buy', bid, ask, bid, NO_PRICE)).toEqual({
      ok: false,
      reason: 'TAKE_PROFIT_WRONG_SIDE',
    });
  });

  it('leaves unset stops alone: a sell with a take profit and no stop loss is fine', () => {
    expect(checkStops('sell', bid, ask, pt(108_000n), NO_PRICE)).toEqual({ ok: true });
    expect(checkStops('sell', bid, ask, NO_PRICE, NO_PRICE)).toEqual({ ok: true });
    expect(checkStops('buy', bid, ask, NO_PRICE, NO_PRICE)).toEqual({ ok: true });
  });
});
