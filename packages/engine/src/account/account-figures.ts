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

export interface AccountFigures {
  /** Σ margins of open positions (current margin). */
  usedMargin: Micros;
  /** balance + used margin + floating P&L (net value). */
  equity: Micros;
  /** equity − used margin (available prepayment). */
  freeMargin: Micros;
  /** equity / used margin at 10^-4 (prepayment ratio); null without open positions. */
  marginLevel: bigint | null;
  /** used margin / equity at 10^-4 (hazard rate); null without open positions or equity. */
  riskRate: bigint | null;
  floatingPnl: Micros;
}

/**
 * Account figures (DECISIONS.md). Margin left the balance when positions opened, so equity
 * adds it back.
 */
export function accountFigures(
  balance: Micros,
  positions: readonly PositionValue[],
): AccountFigures {
  let usedMargin = ZERO_MICROS;
  let floatingPnl = ZERO_MICROS;
  for (const p of positions) {
    usedMargin = addMicros(usedMargin, p.margin);
    floatingPnl = addMicros(floatingPnl, p.floatingPnl);
  }
  const equity = addMicros(addMicros(balance, usedMargin), floatingPnl);
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
