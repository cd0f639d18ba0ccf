import { describe, expect, it } from 'vitest';
import { accountFigures, isBelowLevel } from '../account/account-figures.ts';
import { parseMicros } from '../money/micros.ts';
import { DEFAULT_STOP_OUT_LEVEL, planStopOut } from '../stop-out/stop-out.ts';

const usd = parseMicros;

/**
 * Issue 22, defect 1: a manual close or a stop loss leaves the balance at −100 while another
 * position holds the account at a 97.8 % margin level. Nothing may be force-closed: the open
 * position's margin and P&L cover the negative balance.
 */
describe('a negative balance beside a healthy position', () => {
  const open = [{ id: 'eurusd', margin: usd('1000'), floatingPnl: usd('78') }];

  it('is not a stop-out: equity 978, level 97.8 %', () => {
    const figures = accountFigures({ balance: usd('-100'), reserved: usd('0') }, open);
    expect(figures.equity).toBe(usd('978'));
    expect(figures.marginLevel).toBe(9_780n);
    expect(isBelowLevel(figures, DEFAULT_STOP_OUT_LEVEL)).toBe(false);
    expect(planStopOut(usd('-100'), open, [])).toEqual({
      cancel: [],
      close: [],
      balance: usd('-100'),
      protection: 0n,
    });
  });

  it('is a stop-out once the level falls below 50 %, and only then', () => {
    const falling = [{ id: 'eurusd', margin: usd('1000'), floatingPnl: usd('-400.000001') }];
    expect(planStopOut(usd('-100'), falling, []).close).toEqual(['eurusd']);
    const atLevel = [{ id: 'eurusd', margin: usd('1000'), floatingPnl: usd('-400') }];
    expect(planStopOut(usd('-100'), atLevel, []).close).toEqual([]);
  });
});
