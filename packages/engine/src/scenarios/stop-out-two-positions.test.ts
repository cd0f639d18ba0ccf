import { describe, expect, it } from 'vitest';
import { accountFigures } from '../account/account-figures.ts';
import { parseMicros } from '../money/micros.ts';
import { planStopOut } from '../stop-out/stop-out.ts';

const usd = parseMicros;
const positions = [
  { id: 'small-loss', margin: usd('1000'), floatingPnl: usd('-200') },
  { id: 'big-loss', margin: usd('1000'), floatingPnl: usd('-1700') },
  { id: 'winner', margin: usd('1000'), floatingPnl: usd('300') },
];

/**
 * Issue 22, defect 1: two losers (−1 700, −200) and a winner (+300), each of margin 1 000,
 * stop-out at 50 %. Margin sits outside the balance, so closing the big loser leaves the
 * balance below 0 — that alone must close nothing more (MT5, ESMA, DECISIONS.md).
 */
describe('stop-out with two losers and a winner', () => {
  it('closes nothing at exactly 50 % (ESMA: "falls to less than 50 %")', () => {
    // Balance 100: equity 100 + 3 000 − 1 600 = 1 500, exactly 50 % of 3 000.
    expect(planStopOut(usd('100'), positions, [])).toEqual({
      cancel: [],
      close: [],
      balance: usd('100'),
      protection: 0n,
    });
  });

  it('closes the big loser only: the level is back at 72.5 % though the balance is −650', () => {
    // Balance 50: equity 1 450, 48.33 %.
    const plan = planStopOut(usd('50'), positions, []);
    expect(plan).toEqual({ cancel: [], close: ['big-loss'], balance: usd('-650'), protection: 0n });
    const after = accountFigures({ balance: plan.balance, reserved: usd('0') }, [
      positions[0]!,
      positions[2]!,
    ]);
    expect(after.equity).toBe(usd('1450'));
    expect(after.marginLevel).toBe(7_250n);
  });

  it('closes the small loser too when the level is still below after the first close', () => {
    // Balance −700 (a gap took more than the cash): equity 700, 23.3 %. After the big loser:
    // balance −1 400, equity −1 400 + 2 000 + 100 = 700 of 2 000 = 35 %, still below, so the
    // next largest loss goes: balance −600, equity −600 + 1 000 + 300 = 700 of 1 000 = 70 %.
    // The winner stays open beside a balance of −600 that it covers.
    expect(planStopOut(usd('-700'), positions, [])).toEqual({
      cancel: [],
      close: ['big-loss', 'small-loss'],
      balance: usd('-600'),
      protection: 0n,
    });
  });
});
