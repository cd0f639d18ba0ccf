import {
  asPricePoints,
  formatDecimal,
  type PricePoints,
  parsePricePoints,
} from '@tradedesk/engine';
import type { Side } from './order-draft.ts';

export type StopKind = 'stopLoss' | 'takeProfit';

/** Points of a typed price, or null when it is not a price above 0 at this precision. */
export function parseLevel(text: string, precision: number): PricePoints | null {
  try {
    const points = parsePricePoints(text, precision);
    return points > 0n ? points : null;
  } catch {
    return null;
  }
}

/**
 * The price a new order's stops are judged against, as the server judges them (DECISIONS.md;
 * the engine's `checkStops` and `placePending`): a market buy closes on the bid, so its stop
 * loss goes below the bid and its take profit above; a market sell closes on the ask; a
 * pending order's stops are judged against its target, the price it will open at.
 */
export function stopReference(input: {
  side: Side;
  bid: PricePoints;
  ask: PricePoints;
  /** The pending order's target, when there is one. */
  target: PricePoints | null;
}): PricePoints {
  if (input.target !== null) return input.target;
  return input.side === 'buy' ? input.bid : input.ask;
}

/**
 * How far from the reference a stop starts: 1 % of the price, at least one point. A share
 * of the price, not a number of points, because the catalogue runs from EURUSD at 1.08 with
 * 5 decimals to BTCUSD at 60 000 with 2: 50 points are half a pip on one and 50 cents on the
 * other. 1 % is about a day's range of a major pair: clear of the spread and of the next
 * ticks, so the level is valid when sent, and near enough to be nudged rather than retyped.
 */
export function startDistance(reference: PricePoints): bigint {
  const onePercent = (reference + 99n) / 100n;
  return onePercent > 0n ? onePercent : 1n;
}

/** The level `distance` away from `reference` on the side `kind` takes for `side`. */
function levelAt(kind: StopKind, side: Side, reference: PricePoints, distance: bigint) {
  // A buy loses when the price falls, a sell when it rises.
  const below = (kind === 'stopLoss') === (side === 'buy');
  return asPricePoints(below ? reference - distance : reference + distance);
}

/** Where a stop starts when it is ticked: on its side of the reference (see above). */
export function startLevel(
  kind: StopKind,
  side: Side,
  reference: PricePoints,
  precision: number,
): string {
  return formatDecimal(levelAt(kind, side, reference, startDistance(reference)), precision);
}

/**
 * A ticked stop after the direction changed from `from` to `to`. Every level moves, typed or
 * not: a buy's stop loss is below the bid, so below the ask a sell's must be above; keeping
 * it would only make the order refused. It keeps its distance from the price, the risk (or
 * target) the trader chose; a level that is not a price yet starts afresh.
 */
export function resideLevel(
  kind: StopKind,
  price: string,
  from: { side: Side; reference: PricePoints },
  to: { side: Side; reference: PricePoints },
  precision: number,
): string {
  const level = parseLevel(price, precision);
  if (level === null) return startLevel(kind, to.side, to.reference, precision);
  const away = level - from.reference;
  const distance = away < 0n ? -away : away;
  const moved = levelAt(kind, to.side, to.reference, distance);
  return distance > 0n && moved > 0n
    ? formatDecimal(moved, precision)
    : startLevel(kind, to.side, to.reference, precision);
}
