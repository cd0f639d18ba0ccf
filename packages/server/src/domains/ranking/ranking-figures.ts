import {
  addMicros,
  divide,
  formatDecimal,
  type Micros,
  microsToNumber,
  ZERO_MICROS,
} from '@tradedesk/engine';

/** The documentary statistics window (SPEC.md §9): three weeks. */
export const WINDOW_DAYS = 21;
export const WINDOW_MS = WINDOW_DAYS * 24 * 3600 * 1000;

/** A closed position as the ranking counts it (status 3, a P&L, not a cancelled order). */
export interface ClosedPosition {
  id: number;
  instrumentId: number;
  leverage: number;
  margin: Micros;
  pnl: Micros;
  openedAt: number;
  closedAt: number;
}

export interface TraderFigures {
  multiple: number;
  instrumentId: number;
  threeWeekRate: number;
  threeWeekWin: number;
  threeWeekProfit: Micros;
  threeWeekTrades: number;
  totalRate: number;
  totalProfit: Micros;
  totalTrades: number;
  maxDrawdown: Micros;
}

/** A percentage with 2 decimals, made exactly from `part / whole` (0 when whole is 0). */
export function percent(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Number(formatDecimal(divide(part * 10_000n, whole, 'half-up'), 2));
}

/** The value seen most often; a tie goes to the larger value (`leverage`) or as `prefer` says. */
export function mostUsed(values: readonly number[], prefer: (a: number, b: number) => number) {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: number | undefined;
  for (const [value, count] of counts) {
    const bestCount = best === undefined ? -1 : counts.get(best)!;
    if (count > bestCount || (count === bestCount && prefer(value, best!) < 0)) best = value;
  }
  return best;
}

/**
 * The largest fall from a peak of the realized equity curve: cumulative P&L in the order the
 * positions closed, starting at 0 (the capital before the first close).
 */
export function maxDrawdown(positions: readonly ClosedPosition[]): Micros {
  const ordered = [...positions].sort((a, b) => a.closedAt - b.closedAt || a.id - b.id);
  let equity = ZERO_MICROS;
  let peak = ZERO_MICROS;
  let worst = 0n;
  for (const position of ordered) {
    equity = addMicros(equity, position.pnl);
    if (equity > peak) peak = equity;
    if (peak - equity > worst) worst = peak - equity;
  }
  return worst as Micros;
}

/**
 * A trader's figures of closed positions (DECISIONS.md Content and social): profit rate =
 * Σ P&L / Σ margin, win rate = winning / closed, income = Σ P&L, over the positions closed
 * within the window ending `now`, and the same over every position; the most-used leverage
 * and instrument; the largest fall of the realized equity curve in USD. The rates a follower
 * judges a leader by (return, drawdown %, risk) come from the equity series instead
 * (leader-figures.ts): Σ margin is no capital, and a drawdown relative to it is no % of one.
 * Null for a trader with no closed position.
 */
export function traderFigures(
  positions: readonly ClosedPosition[],
  now: number,
): TraderFigures | null {
  if (positions.length === 0) return null;
  const recent = positions.filter((p) => p.closedAt > now - WINDOW_MS && p.closedAt <= now);
  const sum = (list: readonly ClosedPosition[], pick: (p: ClosedPosition) => Micros) =>
    list.reduce((total, p) => addMicros(total, pick(p)), ZERO_MICROS);
  const recentPnl = sum(recent, (p) => p.pnl);
  const totalPnl = sum(positions, (p) => p.pnl);
  const totalMargin = sum(positions, (p) => p.margin);
  const multiple = mostUsed(
    positions.map((p) => p.leverage),
    (a, b) => b - a,
  )!;
  return {
    multiple,
    // A tie between instruments goes to the lower id (the catalogue's order).
    instrumentId: mostUsed(
      positions.map((p) => p.instrumentId),
      (a, b) => a - b,
    )!,
    threeWeekRate: percent(
      recentPnl,
      sum(recent, (p) => p.margin),
    ),
    threeWeekWin: percent(BigInt(recent.filter((p) => p.pnl > 0n).length), BigInt(recent.length)),
    threeWeekProfit: recentPnl,
    threeWeekTrades: recent.length,
    totalRate: percent(totalPnl, totalMargin),
    totalProfit: totalPnl,
    totalTrades: positions.length,
    maxDrawdown: maxDrawdown(positions),
  };
}

/** Money for the wire: a number made from the exact decimal text. */
export const usd = (value: Micros) => microsToNumber(value);
