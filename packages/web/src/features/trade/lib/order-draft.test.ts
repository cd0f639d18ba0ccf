import type { Instrument } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { GOOD_TILL_CANCELLED } from './expiry.ts';
import {
  findDraftProblem,
  NO_STOP,
  type OrderDraft,
  stepDigits,
  toOrderRequest,
} from './order-draft.ts';
import { NO_TRAILING } from './trailing.ts';

const eurusd = {
  Id: 1,
  Code: 'EURUSD',
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 100,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 100 }],
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
} as Instrument;
const gold = { ...eurusd, Id: 2, MarginMode: 1, HasForexMultiple: [] } as Instrument;

const draft: OrderDraft = {
  side: 'buy',
  mode: 'market',
  target: '',
  lots: '0.01',
  leverage: 100,
  stopLoss: NO_STOP,
  takeProfit: NO_STOP,
  trailing: NO_TRAILING,
  expiry: GOOD_TILL_CANCELLED,
};
/** Tuesday 2026-11-03 15:00 UTC: the moment drafts are judged at. */
const NOW = Date.UTC(2026, 10, 3, 15, 0);

describe('an order draft', () => {
  it('reads the decimals of a lot step', () => {
    expect([stepDigits(1), stepDigits(0.1), stepDigits(0.01)]).toEqual([0, 1, 2]);
  });

  it('goes when it is complete, whatever the margin mode', () => {
    expect(findDraftProblem(draft, eurusd, NOW)).toBeNull();
    expect(findDraftProblem({ ...draft, leverage: 0 }, gold, NOW)).toBeNull();
  });

  it('says what is missing, in the order the form is read', () => {
    const noLeverage = { ...eurusd, HasForexMultiple: [] };
    expect(findDraftProblem(draft, noLeverage, NOW)).toEqual({ key: 'trade.no_mult_config' });
    for (const lots of ['', '0', '0.001'])
      expect(findDraftProblem({ ...draft, lots }, eurusd, NOW)).toEqual({
        key: 'trade.lots_min',
        values: { min: '0.01' },
      });
    expect(findDraftProblem({ ...draft, lots: '0.015' }, eurusd, NOW)).toEqual({
      key: 'trade.lots_off_step',
      values: { step: '0.01' },
    });
    for (const target of ['', '0', 'abc'])
      expect(findDraftProblem({ ...draft, mode: 'pending', target }, eurusd, NOW)).toEqual({
        key: 'trade.price_required',
      });
    const emptyStop = { on: true, price: '' };
    expect(findDraftProblem({ ...draft, stopLoss: emptyStop }, eurusd, NOW)).toEqual({
      key: 'public.input_full',
    });
    expect(findDraftProblem({ ...draft, takeProfit: emptyStop }, eurusd, NOW)).toEqual({
      key: 'public.input_full',
    });
  });

  it('sends a market order with what does not apply as 0', () => {
    expect(
      toOrderRequest({ ...draft, target: '1.2', stopLoss: { on: false, price: '1.1' } }, eurusd),
    ).toEqual({
      type: 1,
      cont: '0.01',
      forex_id: 1,
      status: 1,
      target_price: '0',
      stop_loss_price: '0',
      target_profit_price: '0',
      multiple: 100,
      trailing_distance: '0',
      trailing_activation: '0',
    });
  });

  it('sends a pending sell at its target with its stops, and no leverage on fixed margin', () => {
    const pending: OrderDraft = {
      ...draft,
      side: 'sell',
      mode: 'pending',
      target: '1.2',
      stopLoss: { on: true, price: '1.3' },
      takeProfit: { on: true, price: '1.1' },
    };
    expect(toOrderRequest(pending, gold)).toEqual({
      type: 2,
      cont: '0.01',
      forex_id: 2,
      status: 0,
      target_price: '1.2',
      stop_loss_price: '1.3',
      target_profit_price: '1.1',
      multiple: 0,
      trailing_distance: '0',
      trailing_activation: '0',
      expire_at: 'gtc',
    });
  });

  it('sends a trailing stop from the start, and a pending order’s expiry (issue 40)', () => {
    const trailing = { on: true, distance: '0.00100', activation: '1.09000' };
    expect(toOrderRequest({ ...draft, trailing }, eurusd)).toMatchObject({
      trailing_distance: '0.00100',
      trailing_activation: '1.09000',
    });
    // A market order has no expiry, whatever the form held.
    expect(
      toOrderRequest({ ...draft, expiry: { choice: 'today', at: '' } }, eurusd),
    ).not.toHaveProperty('expire_at');
    const pending: OrderDraft = { ...draft, mode: 'pending', target: '1.08' };
    expect(
      toOrderRequest({ ...pending, expiry: { choice: 'today', at: '' } }, eurusd),
    ).toMatchObject({ expire_at: 'today' });
  });

  it('says what the server would refuse of a trailing stop or an expiry', () => {
    const quoted = { ...eurusd, Bid: 1.085, Ask: 1.08508 };
    const trailing = { on: true, distance: '0.001', activation: '1.08400' };
    expect(findDraftProblem({ ...draft, trailing }, quoted, NOW)).toEqual({
      key: 'trade.activation_above',
      values: { price: '1.08500' },
    });
    // A pending order's trailing stop is judged at its own price, where it will fill.
    const pending: OrderDraft = { ...draft, mode: 'pending', target: '1.08300', trailing };
    expect(findDraftProblem(pending, quoted, NOW)).toBeNull();
    const past = { choice: 'at' as const, at: '2020-01-01T00:00' };
    expect(findDraftProblem({ ...pending, expiry: past }, quoted, NOW)).toEqual({
      key: 'order.expiry_past',
    });
  });
});
