import { ORDER_STATUSES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { canApply } from '../../platform/core/lifecycle.ts';
import {
  isFinished,
  isHolding,
  isPending,
  ORDER,
  type OrderState,
  orderStatus,
  submitKind,
} from './order-lifecycle.ts';

describe('the order lifecycle', () => {
  it('names every status of the contract, each with its number', () => {
    for (const [state, code] of Object.entries(ORDER_STATUSES)) {
      expect(orderStatus.codeOf(state as OrderState)).toBe(code);
      expect(orderStatus.stateOf(code)).toBe(state);
    }
    expect(() => orderStatus.stateOf(2)).toThrow('unknown status 2');
  });

  it('enters every state by some step, and leaves history by none', () => {
    const steps = Object.values(ORDER);
    expect(new Set(steps.map((s) => s.to))).toEqual(new Set(orderStatus.states));
    expect(steps.flatMap((s) => s.from)).not.toContain('history');
  });

  it('refuses a step from a wrong state', () => {
    expect(canApply(ORDER.cancel, 'holding')).toBe(false);
    expect(canApply(ORDER.close, 'pending')).toBe(false);
    expect(canApply(ORDER.fill, 'history')).toBe(false);
    expect(canApply(ORDER.setStops, 'pending')).toBe(false);
    expect(canApply(ORDER.close, 'holding')).toBe(true);
  });

  it('holds a reserve only while pending', () => {
    const holding = Object.values(ORDER).filter((s) => s.lock === 'hold-reserve');
    expect(new Set(holding.map((s) => s.to))).toEqual(new Set(['pending']));
    const states = orderStatus.states.map((status) => ({ status }));
    expect(states.map((o) => [isPending(o), isHolding(o), isFinished(o)])).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it('reads a submit status 1 as a market order and 0 as a pending one', () => {
    expect(submitKind(1)).toBe('market');
    expect(submitKind(0)).toBe('pending');
  });
});
