import type { Instrument } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { findLotsProblem } from './lots-problem.ts';

const eurusd = {
  Id: 1,
  Code: 'EURUSD',
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 50,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 100 }],
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
} as Instrument;
const index = { ...eurusd, Code: 'US30', Pip: 0.5, ForexMinCont: 1, ForexMaxCont: 20 };
const shares = { ...eurusd, Code: 'AAPL', Pip: 1, ForexMinCont: 0, ForexMaxCont: 100 };

describe('the lots of an order', () => {
  it('are required and at least one step and the minimum: nothing stands in for them', () => {
    const min = (value: string) => ({ key: 'trade.lots_min', values: { min: value } });
    for (const lots of ['', '.', '0', '0.00', '0.001'])
      expect(findLotsProblem(lots, eurusd)).toEqual(min('0.01'));
    expect(findLotsProblem('0.5', index)).toEqual(min('1'));
    // A minimum of 0 still asks for one step: an order of nothing cannot be sent.
    expect(findLotsProblem('0', shares)).toEqual(min('1'));
  });

  it('are a whole number of steps, never rounded onto one', () => {
    const offStep = (step: string) => ({ key: 'trade.lots_off_step', values: { step } });
    expect(findLotsProblem('0.015', eurusd)).toEqual(offStep('0.01'));
    // Finer than the engine counts lots is off the step too, not a crash.
    expect(findLotsProblem('0.010001', eurusd)).toEqual(offStep('0.01'));
    expect(findLotsProblem('1.2', index)).toEqual(offStep('0.5'));
  });

  it('are at most the maximum', () => {
    expect(findLotsProblem('50.01', eurusd)).toEqual({
      key: 'trade.lots_max',
      values: { max: '50' },
    });
  });

  it('go when they are on the grid within bounds', () => {
    for (const lots of ['0.01', '0.02', '1', '7.5', '50', '50.00'])
      expect(findLotsProblem(lots, eurusd)).toBeNull();
    expect(findLotsProblem('1.5', index)).toBeNull();
  });
});
