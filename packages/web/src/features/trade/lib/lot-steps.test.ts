import type { Instrument } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { canStepLots, isLotsDraft, stepLots } from './lot-steps.ts';

const eurusd = { Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 50 } as Instrument;
const index = { Pip: 0.5, ForexMinCont: 1, ForexMaxCont: 20 } as Instrument;
const shares = { Pip: 1, ForexMinCont: 0, ForexMaxCont: 100 } as Instrument;

describe('the lots stepper', () => {
  it('steps by the lot step without float drift, and from nothing starts at the minimum', () => {
    expect(stepLots('0.01', eurusd, 1)).toBe('0.02');
    expect(stepLots('0.29', eurusd, 1)).toBe('0.30');
    expect(stepLots('0.30', eurusd, -1)).toBe('0.29');
    expect(stepLots('', eurusd, 1)).toBe('0.01');
    expect(stepLots('.', eurusd, -1)).toBe('0.01');
  });

  it('stays within the minimum and the maximum', () => {
    expect(stepLots('0.01', eurusd, -1)).toBe('0.01');
    expect(stepLots('50.00', eurusd, 1)).toBe('50.00');
    expect(canStepLots('0.01', eurusd, -1)).toBe(false);
    expect(canStepLots('0.01', eurusd, 1)).toBe(true);
    expect(canStepLots('50', eurusd, 1)).toBe(false);
    // A minimum of 0 lots is one step: an order of nothing cannot be sent.
    expect(stepLots('1', shares, -1)).toBe('1');
  });

  it('moves from between two steps to the next one in that direction', () => {
    expect(stepLots('1.2', index, 1)).toBe('1.5');
    expect(stepLots('1.2', index, -1)).toBe('1.0');
    expect(stepLots('1.5', index, 1)).toBe('2.0');
  });

  it('lets only digits and one decimal point be typed', () => {
    expect(['', '0.', '.5', '12.25'].every(isLotsDraft)).toBe(true);
    expect(['-1', '1e3', '1.2.3', '1,5'].some(isLotsDraft)).toBe(false);
  });
});
