import {
  accountFigures,
  isBelowLevel,
  type PositionValue,
  RATIO_SCALE,
} from '../account/account-figures.ts';
import {
  addMicros,
  type Micros,
  negateMicros,
  subtractMicros,
  sumMicros,
  ZERO_MICROS,
} from '../money/micros.ts';

/** Stop-out when the margin level falls below 50 % (configurable; ESMA's margin close-out rule). */
export const DEFAULT_STOP_OUT_LEVEL = RATIO_SCALE / 2n;

/** A pending order as stop-out sees it: the reserve its cancel returns to the balance. */
export interface PendingValue {
  id: string;
  reserve: Micros;
}

export interface StopOutPlan {
  /** Pending orders to cancel, in order: the largest reserve first. Always before any close. */
  cancel: string[];
  /** Positions to close, in order: the largest loss first. */
  close: string[];
  /** The balance after all of it (each cancel returns a reserve, each close margin + P&L). */
  balance: Micros;
  /** What negative balance protection credits to bring the balance back to 0. */
  protection: Micros;
}

const byLargestLoss = (a: PositionValue, b: PositionValue) =>
  a.floatingPnl < b.floatingPnl ? -1 : a.floatingPnl > b.floatingPnl ? 1 : a.id < b.id ? -1 : 1;
const byLargestReserve = (a: PendingValue, b: PendingValue) =>
  a.reserve > b.reserve ? -1 : a.reserve < b.reserve ? 1 : a.id < b.id ? -1 : 1;

/**
 * Decides a stop-out (DECISIONS.md, MT5's Stop Out, ESMA's margin close-out):
 * - while positions are open and the margin level is below `level` (compared exactly): cancel
 *   the pending order with the largest reserve, or, when none is left, close the position
 *   with the largest loss; re-check after each step. At or above the level nothing is closed,
 *   whatever the balance says: a balance below 0 beside open positions is covered by them.
 * - with nothing open, the balance may not stay below 0: pending reserves settle it (largest
 *   first), and what they cannot cover negative balance protection credits.
 * Returns an empty plan when the account needs nothing.
 */
export function planStopOut(
  balance: Micros,
  positions: readonly PositionValue[],
  pending: readonly PendingValue[],
  level: bigint = DEFAULT_STOP_OUT_LEVEL,
): StopOutPlan {
  const open = [...positions].sort(byLargestLoss);
  const waiting = [...pending].sort(byLargestReserve);
  const cancel: string[] = [];
  const close: string[] = [];
  let current = balance;
  let reserved = sumMicros(waiting.map((p) => p.reserve));
  for (;;) {
    const due =
      open.length > 0
        ? isBelowLevel(accountFigures({ balance: current, reserved }, open), level)
        : current < 0n && waiting.length > 0;
    if (!due) break;
    const order = waiting.shift();
    if (order) {
      cancel.push(order.id);
      current = addMicros(current, order.reserve);
      reserved = subtractMicros(reserved, order.reserve);
      continue;
    }
    const worst = open.shift()!;
    close.push(worst.id);
    current = addMicros(current, addMicros(worst.margin, worst.floatingPnl));
  }
  const protection = open.length === 0 && current < 0n ? negateMicros(current) : ZERO_MICROS;
  return { cancel, close, balance: addMicros(current, protection), protection };
}

/** Whether a plan does anything. */
export function isEmptyPlan(plan: StopOutPlan): boolean {
  return plan.cancel.length === 0 && plan.close.length === 0 && plan.protection === 0n;
}
