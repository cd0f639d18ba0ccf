import { asPricePoints, type PricePoints } from '../instruments/spec.ts';
import type { Side } from '../pnl/pnl.ts';
import { closingPrice, type Quote } from './position.ts';

/** A position's trailing stop (issue 40): how it follows, and whether it has begun to. */
export interface TrailingStop {
  /** How far behind the closing price the stop follows, in price points (more than 0). */
  distance: PricePoints;
  /** The closing price from which it begins to follow; 0n: at once. */
  activation: PricePoints;
  /** Whether the closing price has reached `activation`: from then on it follows, whatever. */
  active: boolean;
}

/** A trailing stop after a quote: the position's stop loss, and whether it moved. */
export interface Trailed {
  stopLoss: PricePoints;
  active: boolean;
  moved: boolean;
}

/** Whether `price` has reached `level` in the position's favour (up for a buy, down for a sell). */
function reached(side: Side, price: PricePoints, level: PricePoints): boolean {
  return side === 'buy' ? price >= level : price <= level;
}

/**
 * The stop loss a trailing stop sets after a quote. A buy follows the Bid and a sell the Ask —
 * the side each closes on, which its stop loss is checked against (MT4's help) — `distance`
 * behind. It moves only in the trader's favour, a ratchet: a price that turns back leaves it
 * where it is (eToro's example: 1.1051 sets 1.0951, then 1.1020 leaves 1.0951). With an
 * activation price it starts once the closing price reaches it (Bybit's: activation 8 000,
 * distance 100, first stop 7 900). `stopLoss` is the position's current one, 0n for none.
 */
export function trail(
  side: Side,
  trailing: TrailingStop,
  stopLoss: PricePoints,
  quote: Quote,
): Trailed {
  const price = closingPrice(side, quote);
  const active =
    trailing.active || trailing.activation === 0n || reached(side, price, trailing.activation);
  const candidate = asPricePoints(
    side === 'buy' ? price - trailing.distance : price + trailing.distance,
  );
  // A buy's stop below zero is no price; the ratchet only ever tightens.
  const tighter =
    (side === 'sell' || candidate > 0n) && (stopLoss === 0n || reached(side, candidate, stopLoss));
  if (!active || !tighter || candidate === stopLoss) return { stopLoss, active, moved: false };
  return { stopLoss: candidate, active, moved: true };
}
