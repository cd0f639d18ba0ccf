import { accountFigures, type PositionValue, RATIO_SCALE } from '../account/account-figures.ts';
import { addMicros, type Micros, negateMicros, ZERO_MICROS } from '../money/micros.ts';

/** Stop-out when the margin level falls to 50 % or below (configurable). */
export const DEFAULT_STOP_OUT_LEVEL = RATIO_SCALE / 2n;

export interface StopOutPlan {
  /** Positions to close, in order: the largest loss first. */
  close: string[];
  /** The balance after closing them (each returns margin + P&L). */
  balance: Micros;
  /** What negative balance protection credits to bring the balance back to 0. */
  protection: Micros;
}

/**
 * Decides a stop-out (DECISIONS.md): while the margin level is at or below the threshold (or
 * the balance below 0), close the position with the largest loss; a balance below 0 once
 * everything is closed is set to 0 (negative balance protection).
 * Returns an empty plan when the account is healthy.
 */
export function planStopOut(
  balance: Micros,
  positions: readonly PositionValue[],
  level: bigint = DEFAULT_STOP_OUT_LEVEL,
): StopOutPlan {
  const open = [...positions].sort((a, b) =>
    a.floatingPnl < b.floatingPnl ? -1 : a.floatingPnl > b.floatingPnl ? 1 : a.id < b.id ? -1 : 1,
  );
  const close: string[] = [];
  let current = balance;
  for (;;) {
    const figures = accountFigures(current, open);
    if (figures.marginLevel === null) break;
    // Margin sits outside the balance, so closing a loser can leave the balance below 0 while
    // others stay open: keep closing (largest loss next) until it is not, so that no command
    // ever leaves a negative balance.
    if (figures.marginLevel > level && current >= 0n) break;
    const worst = open.shift()!;
    close.push(worst.id);
    current = addMicros(current, addMicros(worst.margin, worst.floatingPnl));
  }
  // The balance excludes the margin of what is still open, so it may dip below 0 while
  // equity is positive; protection applies when nothing is left open to cover it.
  // (Also with nothing to close: a manual close or an exit may have taken the last position.)
  const protection = open.length === 0 && current < 0n ? negateMicros(current) : ZERO_MICROS;
  return { close, balance: addMicros(current, protection), protection };
}
