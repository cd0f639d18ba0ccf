import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountFigures } from '../account/account-figures.ts';
import { asMicros, parseMicros, subtractMicros } from '../money/micros.ts';
import { planStopOut } from '../stop-out/stop-out.ts';

const usd = parseMicros;

describe('account figures and stop-out', () => {
  it('computes equity, free margin, margin level and risk rate', () => {
    // 10 000 deposited, 2 000 moved into margin, 300 down.
    const figures = accountFigures(usd('8000'), [
      { id: 'a', margin: usd('1500'), floatingPnl: usd('-400') },
      { id: 'b', margin: usd('500'), floatingPnl: usd('100') },
    ]);
    expect(figures).toEqual({
      usedMargin: usd('2000'),
      equity: usd('9700'),
      freeMargin: usd('7700'),
      marginLevel: 48_500n, // 485 %
      riskRate: 2_062n, // 20.62 %, rounded up
      floatingPnl: usd('-300'),
    });
    expect(accountFigures(usd('100'), []).marginLevel).toBeNull();
  });

  it('closes the largest loss first until the margin level is back above 50 %', () => {
    const plan = planStopOut(usd('100'), [
      { id: 'small-loss', margin: usd('1000'), floatingPnl: usd('-200') },
      { id: 'big-loss', margin: usd('1000'), floatingPnl: usd('-1700') },
      { id: 'winner', margin: usd('1000'), floatingPnl: usd('300') },
    ]);
    // Equity 100 + 3000 − 1600 = 1500, exactly 50 % of 3000: close big-loss → balance −600
    // (the others' margin is still out of the balance) → close small-loss → balance 200,
    // equity 200 + 1000 + 300 = 1500 = 150 %: stop, the winner stays.
    expect(plan).toEqual({
      close: ['big-loss', 'small-loss'],
      balance: usd('200'),
      protection: 0n,
    });
  });

  it('sets a negative balance to zero once everything is closed', () => {
    const plan = planStopOut(usd('0'), [
      { id: 'gap', margin: usd('1000'), floatingPnl: usd('-1800') },
    ]);
    expect(plan).toEqual({ close: ['gap'], balance: 0n, protection: usd('800') });
  });

  it('covers a balance left below 0 with nothing open (the last position closed at a gap)', () => {
    expect(planStopOut(parseMicros('-12.5'), [])).toEqual({
      close: [],
      balance: 0n,
      protection: parseMicros('12.5'),
    });
    expect(planStopOut(parseMicros('12.5'), [])).toEqual({
      close: [],
      balance: parseMicros('12.5'),
      protection: 0n,
    });
  });

  it('leaves a healthy account alone and always ends above the level or flat', () => {
    expect(
      planStopOut(usd('5000'), [{ id: 'x', margin: usd('1000'), floatingPnl: usd('-100') }]).close,
    ).toEqual([]);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 11n }).map(asMicros),
        fc.array(
          fc.record({
            margin: fc.bigInt({ min: 1n, max: 10n ** 10n }).map(asMicros),
            floatingPnl: fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }).map(asMicros),
          }),
          { maxLength: 12 },
        ),
        (balance, values) => {
          const positions = values.map((v, i) => ({ id: `p${i}`, ...v }));
          const plan = planStopOut(balance, positions);
          const rest = positions.filter((p) => !plan.close.includes(p.id));
          const after = accountFigures(subtractMicros(plan.balance, plan.protection), rest);
          expect(after.marginLevel === null || after.marginLevel > 5_000n).toBe(true);
          // No command leaves a negative balance.
          expect(plan.balance >= 0n).toBe(true);
          // Closed in order of loss, largest first.
          const closed = plan.close.map((id) => positions.find((p) => p.id === id)!.floatingPnl);
          for (let i = 1; i < closed.length; i++) expect(closed[i - 1]! <= closed[i]!).toBe(true);
        },
      ),
    );
  });
});
