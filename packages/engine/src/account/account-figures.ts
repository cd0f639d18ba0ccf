import { divide } from '../money/decimal.ts';
import { addMicros, type Micros, subtractMicros, ZERO_MICROS } from '../money/micros.ts';

/** An open position as the account sees it: its margin and its P&L at the current quote. */
export interface PositionValue {
  id: string;
  margin: Micros;
  floatingPnl: Micros;
}

/** Ratios (margin level, risk rate) are integers of 10^-4: 5000 is 50 %. */
export const RATIO_SCALE = 10_000n;

/**
 * The money an account holds outside its open positions: `balance` (what margin and reserves
 * left, which may dip below 0 while positions are open) and the reserves of its pending
 * orders. Withdrawals on hold are not in it: they are leaving the account.
 */
export interface AccountFunds {
  balance: Micros;
  /** Σ reserves of pending orders (margin + fee at their targets). */
  reserved: Micros;
}

export interface AccountFigures {
  /** Σ margins of open positions (current margin). */
  usedMargin: Micros;
  /** balance + used margin + reserves + floating P&L (net value). */
  equity: Micros;
  /** equity − used margin (available prepayment). */
  freeMargin: Micros;
  /**
   * equity / used margin at 10^-4 (prepayment ratio), rounded down so a shown level is never
   * above the real one; null without open positions. Stop-out never reads this rounded figure
   * (see {@link isBelowLevel}).
   */
  marginLevel: bigint | null;
  /** used margin / equity at 10^-4 (hazard rate), rounded up; null without open positions or equity. */
  riskRate: bigint | null;
  floatingPnl: Micros;
}

/**
 * Account figures (DECISIONS.md). Margin and reserves left the balance but are still the
 * trader's money, so equity adds both back (MT5: a pending order changes no equity).
 */
export function accountFigures(
  funds: AccountFunds,
  positions: readonly PositionValue[],
): AccountFigures {
  let usedMargin = ZERO_MICROS;
  let floatingPnl = ZERO_MICROS;
  for (const p of positions) {
    usedMargin = addMicros(usedMargin, p.margin);
    floatingPnl = addMicros(floatingPnl, p.floatingPnl);
  }
  const equity = addMicros(
    addMicros(funds.balance, funds.reserved),
    addMicros(usedMargin, floatingPnl),
  );
  return {
    usedMargin,
    equity,
    freeMargin: subtractMicros(equity, usedMargin),
    marginLevel: usedMargin > 0n ? divide(equity * RATIO_SCALE, usedMargin, 'down') : null,
    riskRate:
      usedMargin > 0n && equity > 0n ? divide(usedMargin * RATIO_SCALE, equity, 'up') : null,
    floatingPnl,
  };
}

/**
 * Whether the margin level (equity / used margin) is below `level` (at 10^-4), compared
 * exactly: equity × 10^4 < level × used margin, in integers. 50.0049 % is not below 50 %.
 * False without open positions (there is no level).
 */
export function isBelowLevel(
  figures: Pick<AccountFigures, 'equity' | 'usedMargin'>,
  level: bigint,
): boolean {
  return figures.usedMargin > 0n && figures.equity * RATIO_SCALE < level * figures.usedMargin;
}
