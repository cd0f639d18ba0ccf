import { describe, expect, it } from 'vitest';
import { asMicros, parseMicros } from '../money/micros.ts';
import { accountFigures, isBelowLevel } from './account-figures.ts';

const usd = parseMicros;
const HALF = 5_000n;

describe('account figures (DECISIONS.md: equity, free margin, margin level, risk rate)', () => {
  it('adds margin, reserves and floating P&L back to the balance', () => {
    // 10 000 deposited; 2 000 moved into margin, 500 reserved for a pending order, 300 down.
    const figures = accountFigures({ balance: usd('7500'), reserved: usd('500') }, [
      { id: 'a', margin: usd('1500'), floatingPnl: usd('-400') },
      { id: 'b', margin: usd('500'), floatingPnl: usd('100') },
    ]);
    expect(figures).toEqual({
      usedMargin: usd('2000'),
      equity: usd('9700'),
      freeMargin: usd('7700'),
      marginLevel: 48_500n, // 485 %
      riskRate: 2_062n, // 20.6185… % rounded up to 20.62 %
      floatingPnl: usd('-300'),
    });
    const flat = accountFigures({ balance: usd('100'), reserved: asMicros(0n) }, []);
    expect(flat.marginLevel).toBeNull();
    expect(flat.riskRate).toBeNull();
  });

  it('counts pending reserves in equity: MT5 shows 9 000 for this account, and no stop-out', () => {
    // Deposit 10 000; a pending order reserves 8 500; a position of margin 1 000 is 1 000 down.
    const figures = accountFigures({ balance: usd('500'), reserved: usd('8500') }, [
      { id: 'p', margin: usd('1000'), floatingPnl: usd('-1000') },
    ]);
    expect(figures.equity).toBe(usd('9000'));
    expect(figures.marginLevel).toBe(90_000n); // 900 %
    expect(isBelowLevel(figures, HALF)).toBe(false);
  });

  it('rounds the shown margin level down, never up (a shown level is never above the real one)', () => {
    // equity 500.049 / margin 1 000 = 50.0049 % → 50.00 %, not 50.01 %.
    const figures = accountFigures({ balance: usd('0'), reserved: asMicros(0n) }, [
      { id: 'p', margin: usd('1000'), floatingPnl: usd('-499.951') },
    ]);
    expect(figures.marginLevel).toBe(5_000n);
    // 2 / 3 = 66.666…% → 66.66 %.
    const third = accountFigures({ balance: usd('0'), reserved: asMicros(0n) }, [
      { id: 'p', margin: usd('3'), floatingPnl: usd('-1') },
    ]);
    expect(third.marginLevel).toBe(6_666n);
    expect(third.riskRate).toBe(15_000n);
  });

  it('rounds the risk rate up (the hazard is never understated)', () => {
    // 1 000 / 3 000 = 33.333…% → 33.34 %.
    const figures = accountFigures({ balance: usd('0'), reserved: asMicros(0n) }, [
      { id: 'p', margin: usd('1000'), floatingPnl: usd('2000') },
    ]);
    expect(figures.riskRate).toBe(3_334n);
    // No equity: no risk rate to show (it would be infinite).
    expect(
      accountFigures({ balance: usd('-1000'), reserved: asMicros(0n) }, [
        { id: 'p', margin: usd('1000'), floatingPnl: usd('0') },
      ]).riskRate,
    ).toBeNull();
  });

  it('compares the level exactly: 50.0049 % is not below 50 %, 49.9999 % is, 50 % is not', () => {
    const at = (pnl: string) =>
      accountFigures({ balance: usd('0'), reserved: asMicros(0n) }, [
        { id: 'p', margin: usd('1000'), floatingPnl: usd(pnl) },
      ]);
    expect(isBelowLevel(at('-499.951'), HALF)).toBe(false); // 50.0049 %
    expect(isBelowLevel(at('-500'), HALF)).toBe(false); // exactly 50 %
    expect(isBelowLevel(at('-500.000001'), HALF)).toBe(true); // 49.9999999 %
    // The rounded figure of that last one reads 49.99 %, but 50.00 % for 499.999999 /
    // 1000 would too: only the exact comparison separates 50 % from just below it.
    expect(at('-500.000001').marginLevel).toBe(4_999n);
    // Without positions there is no level, so nothing is below it.
    expect(
      isBelowLevel(accountFigures({ balance: usd('-5'), reserved: asMicros(0n) }, []), HALF),
    ).toBe(false);
  });
});
