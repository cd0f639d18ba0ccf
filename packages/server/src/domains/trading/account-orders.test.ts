import { asMicros, type Micros, type Result } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import { decideOnFunds, type Funds, type FundsBounds } from './account-orders.ts';

/** Bounds [low, high] around an exact free margin, noting whether the exact figure was asked. */
function bounds(low: bigint, exact: bigint, high: bigint) {
  const asked = { exact: 0 };
  const funds: FundsBounds = {
    balance: asMicros(1_000_000_000n),
    freeMargin: { low: asMicros(low), high: asMicros(high) },
    exact: () => {
      asked.exact += 1;
      return asMicros(exact);
    },
  };
  return { funds, asked };
}

/** A check as the engine's: refuses a cost above the free margin, noting the figures it saw. */
function costing(cost: Micros) {
  const seen: bigint[] = [];
  const check = (funds: Funds): Result<{ paid: Micros }> => {
    seen.push(funds.freeMargin);
    return cost > funds.freeMargin
      ? { ok: false, reason: 'INSUFFICIENT_MARGIN' }
      : { ok: true, paid: cost };
  };
  return { check, seen };
}

describe('deciding on bounded funds', () => {
  it('accepts on the low end without valuing each position', () => {
    const { funds, asked } = bounds(100n, 101n, 102n);
    const { check, seen } = costing(asMicros(100n));
    expect(decideOnFunds(funds, check)).toEqual({ ok: true, paid: 100n });
    expect([seen, asked.exact]).toEqual([[100n], 0]);
  });

  it('refuses on the high end without valuing each position', () => {
    const { funds, asked } = bounds(100n, 101n, 102n);
    const { check, seen } = costing(asMicros(103n));
    expect(decideOnFunds(funds, check)).toEqual({ ok: false, reason: 'INSUFFICIENT_MARGIN' });
    expect([seen, asked.exact]).toEqual([[100n, 102n], 0]);
  });

  it('values each position when the cost falls between the bounds, and decides on that', () => {
    const accepted = bounds(100n, 101n, 102n);
    const fits = costing(asMicros(101n));
    expect(decideOnFunds(accepted.funds, fits.check)).toEqual({ ok: true, paid: 101n });
    expect([fits.seen, accepted.asked.exact]).toEqual([[100n, 102n, 101n], 1]);

    const refused = bounds(100n, 101n, 102n);
    const over = costing(asMicros(102n));
    expect(decideOnFunds(refused.funds, over.check)).toEqual({
      ok: false,
      reason: 'INSUFFICIENT_MARGIN',
    });
    expect(refused.asked.exact).toBe(1);
  });

  it('answers an exact figure and a refusal of another kind at once', () => {
    const exact = bounds(100n, 100n, 100n);
    const over = costing(asMicros(101n));
    expect(decideOnFunds(exact.funds, over.check).ok).toBe(false);
    expect([over.seen, exact.asked.exact]).toEqual([[100n], 0]);

    const wide = bounds(100n, 101n, 102n);
    const lots = () => ({ ok: false, reason: 'LOTS_BELOW_MIN' }) as const;
    expect(decideOnFunds(wide.funds, lots)).toEqual({ ok: false, reason: 'LOTS_BELOW_MIN' });
    expect(wide.asked.exact).toBe(0);
  });
});
