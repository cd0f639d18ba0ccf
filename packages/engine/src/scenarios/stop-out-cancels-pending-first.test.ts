import { describe, expect, it } from 'vitest';
import { parseMicros } from '../money/micros.ts';
import { planStopOut } from '../stop-out/stop-out.ts';

const usd = parseMicros;

/**
 * Issue 22, defect 3 (DECISIONS.md): reserves are the trader's money and count in equity;
 * when a stop-out is due, pending orders are cancelled first, largest reserve first, then
 * positions are closed, largest loss first, re-checking after each step.
 */
describe('stop-out with pending orders', () => {
  it('leaves alone an account whose reserves keep the level high (MT5: equity 9 000)', () => {
    const plan = planStopOut(
      usd('500'),
      [{ id: 'pos', margin: usd('1000'), floatingPnl: usd('-1000') }],
      [{ id: 'pending', reserve: usd('8500') }],
    );
    expect(plan.cancel).toEqual([]);
    expect(plan.close).toEqual([]);
  });

  it('cancels every pending order, largest reserve first, before closing a position', () => {
    // Equity 0 + 300 + 2 000 − 1 900 = 400 of 2 000 = 20 %: due. Cancelling returns the
    // reserves to the balance but changes no equity, so the level stays 20 %, then the
    // largest loss closes: balance 300 + 1 000 − 1 500 = −200, the other position alone:
    // equity −200 + 1 000 − 400 = 400 of 1 000 = 40 %, still below: it closes too, leaving
    // 400.
    const plan = planStopOut(
      usd('0'),
      [
        { id: 'a', margin: usd('1000'), floatingPnl: usd('-400') },
        { id: 'b', margin: usd('1000'), floatingPnl: usd('-1500') },
      ],
      [
        { id: 'small', reserve: usd('100') },
        { id: 'large', reserve: usd('200') },
      ],
    );
    expect(plan).toEqual({
      cancel: ['large', 'small'],
      close: ['b', 'a'],
      balance: usd('400'),
      protection: 0n,
    });
  });

  it('settles a debt left with nothing open from the reserves, largest first, only as needed', () => {
    // The last position closed at a gap: balance −150, two pending orders.
    expect(
      planStopOut(
        usd('-150'),
        [],
        [
          { id: 'small', reserve: usd('100') },
          { id: 'large', reserve: usd('300') },
        ],
      ),
    ).toEqual({ cancel: ['large'], close: [], balance: usd('150'), protection: 0n });
  });
});
