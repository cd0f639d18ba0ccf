import type { Order } from '@tradedesk/contract';
import { asPricePoints } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import {
  findTrailingProblem,
  formatStopMoved,
  NO_TRAILING,
  startTrailing,
  trailingFields,
  trailingOfOrder,
  trailingPoints,
} from './trailing.ts';

const BID = asPricePoints(108_500n);
const on = (distance: string, activation = '') => ({ on: true, distance, activation });

describe('a trailing stop as the forms edit it', () => {
  it('starts a stop’s distance behind the price, following at once', () => {
    expect(startTrailing(BID, 5)).toEqual({ on: true, distance: '0.01085', activation: '' });
  });

  it('is read from the order: its distance and activation at the instrument’s precision', () => {
    const order = {
      ForexTradeLists: { PricePrecision: 5 },
      TrailingDistance: 0.001,
      TrailingActivation: 1.09,
    } as Order;
    expect(trailingOfOrder(order)).toEqual(on('0.00100', '1.09000'));
    expect(trailingOfOrder({ ...order, TrailingActivation: 0 })).toEqual(on('0.00100'));
    expect(trailingOfOrder({ ...order, TrailingDistance: 0 })).toBe(NO_TRAILING);
  });

  it('sends off as distance 0, and no activation as 0 (at once)', () => {
    expect(trailingFields(NO_TRAILING)).toEqual({ distance: '0', activation: '0' });
    expect(trailingFields(on(' 0.00100 '))).toEqual({ distance: '0.00100', activation: '0' });
    expect(trailingFields(on('0.001', '1.09'))).toEqual({ distance: '0.001', activation: '1.09' });
  });

  it('counts its distance in points', () => {
    expect(trailingPoints('0.00100', 5)).toBe(100n);
    expect(trailingPoints('', 5)).toBeNull();
  });
});

describe('what the server would refuse of a trailing stop', () => {
  it('wants a distance, and for a buy one below the price', () => {
    expect(findTrailingProblem(NO_TRAILING, 'buy', BID, 5)).toBeNull();
    expect(findTrailingProblem(on(''), 'buy', BID, 5)).toEqual({ key: 'trade.trailing_required' });
    expect(findTrailingProblem(on('0'), 'buy', BID, 5)).toEqual({ key: 'trade.trailing_required' });
    expect(findTrailingProblem(on('1.08500'), 'buy', BID, 5)).toEqual({
      key: 'trade.trailing_too_large',
      values: { price: '1.08500' },
    });
    // A sell's stop goes up from the ask: any distance is a price.
    expect(findTrailingProblem(on('1.08500'), 'sell', BID, 5)).toBeNull();
  });

  it('wants an activation price beyond the price in the position’s favour', () => {
    expect(findTrailingProblem(on('0.001', '1.08600'), 'buy', BID, 5)).toBeNull();
    expect(findTrailingProblem(on('0.001', '1.08500'), 'buy', BID, 5)).toEqual({
      key: 'trade.activation_above',
      values: { price: '1.08500' },
    });
    expect(findTrailingProblem(on('0.001', '1.08400'), 'sell', BID, 5)).toBeNull();
    expect(findTrailingProblem(on('0.001', '1.08600'), 'sell', BID, 5)).toEqual({
      key: 'trade.activation_below',
      values: { price: '1.08500' },
    });
    expect(findTrailingProblem(on('0.001', '1.085001'), 'buy', BID, 5)).toEqual({
      key: 'trade.trailing_activation_invalid',
    });
  });
});

describe('when the stop last moved', () => {
  const zone = 'Asia/Hong_Kong';
  const now = Date.UTC(2026, 10, 3, 15, 0, 30);

  it('says the time to the second when it was today, with the date when it was not', () => {
    expect(formatStopMoved('2026-11-03 15:00:12', now, zone)).toBe('23:00:12 GMT+8');
    expect(formatStopMoved('2026-11-02 15:00:12', now, zone)).toBe('2026-11-02 23:00 GMT+8');
    expect(formatStopMoved(null, now, zone)).toBe('');
  });
});
