import { REVIEW_STATUSES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { canApply } from '../../platform/core/lifecycle.ts';
import { IDENTITY, type IdentityState, identityStatus } from './identity-lifecycle.ts';

describe('the identity lifecycle', () => {
  it('names every status of the contract, each with its number', () => {
    for (const [state, code] of Object.entries(REVIEW_STATUSES)) {
      expect(identityStatus.codeOf(state as IdentityState)).toBe(code);
      expect(identityStatus.stateOf(code)).toBe(state);
    }
    expect(() => identityStatus.stateOf(3)).toThrow('unknown status 3');
  });

  it('enters every state by some step', () => {
    const steps = Object.values(IDENTITY);
    expect(new Set(steps.map((s) => s.to))).toEqual(new Set(identityStatus.states));
  });

  it('refuses a step from a wrong state', () => {
    expect(canApply(IDENTITY.submit, 'notSubmitted')).toBe(true);
    expect(canApply(IDENTITY.submit, 'waiting')).toBe(false);
    expect(canApply(IDENTITY.submit, 'finished')).toBe(false);
    expect(canApply(IDENTITY.approve, 'notSubmitted')).toBe(false);
    expect(canApply(IDENTITY.reject, 'finished')).toBe(false);
  });
});
