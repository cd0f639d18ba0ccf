import { describe, expect, it } from 'vitest';
import { neverTraded } from './never-traded.ts';

describe('neverTraded', () => {
  it('is true for pending orders and for orders closed without a fill, whatever the reason', () => {
    expect(neverTraded({ Status: 0, Price: 0 })).toBe(true);
    // A pending order cancelled by the trader, a demo reset or a stop-out.
    expect(neverTraded({ Status: 3, Price: 0 })).toBe(true);
  });

  it('is false for positions, open or closed', () => {
    expect(neverTraded({ Status: 1, Price: 1.085 })).toBe(false);
    expect(neverTraded({ Status: 3, Price: 1.085 })).toBe(false);
  });
});
