import { describe, expect, it } from 'vitest';
import { parseMicros } from '../money/micros.ts';
import { planStopOut } from '../stop-out/stop-out.ts';

const usd = parseMicros;

/**
 * Negative balance protection (ESMA Q&A on CFDs: a retail client's liability is limited to
 * the funds in the account; DECISIONS.md): equity below 0 once everything is closed is set
 * to 0 with one ledger row; never while positions are still open.
 */
describe('negative balance protection', () => {
  it('sets a negative balance to zero once the position closed at a gap', () => {
    expect(
      planStopOut(usd('0'), [{ id: 'gap', margin: usd('1000'), floatingPnl: usd('-1800') }], []),
    ).toEqual({ cancel: [], close: ['gap'], balance: 0n, protection: usd('800') });
  });

  it('covers a balance left below 0 with nothing open, and leaves a positive one alone', () => {
    expect(planStopOut(usd('-12.5'), [], [])).toEqual({
      cancel: [],
      close: [],
      balance: 0n,
      protection: usd('12.5'),
    });
    expect(planStopOut(usd('12.5'), [], [])).toEqual({
      cancel: [],
      close: [],
      balance: usd('12.5'),
      protection: 0n,
    });
  });

  it('credits only what the reserves cannot cover', () => {
    expect(planStopOut(usd('-500'), [], [{ id: 'p', reserve: usd('200') }])).toEqual({
      cancel: ['p'],
      close: [],
      balance: 0n,
      protection: usd('300'),
    });
  });

  it('never credits while a position is open, whatever the balance', () => {
    const plan = planStopOut(
      usd('-900'),
      [{ id: 'winner', margin: usd('1000'), floatingPnl: usd('500') }],
      [],
    );
    expect(plan.protection).toBe(0n);
    expect(plan.close).toEqual([]);
  });
});
