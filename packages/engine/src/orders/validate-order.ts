import type { InstrumentSpec, Lots, PricePoints } from '../instruments/spec.ts';
import type { Side } from '../pnl/pnl.ts';

/** Why an order is refused; the server maps each to a result code and a translated message. */
export type OrderRefusal =
  | 'LOTS_BELOW_MIN'
  | 'LOTS_ABOVE_MAX'
  | 'LOTS_OFF_STEP'
  | 'LEVERAGE_NOT_OFFERED'
  | 'NO_LEVERAGE_CONFIGURED'
  | 'TAKE_PROFIT_WRONG_SIDE'
  | 'STOP_LOSS_WRONG_SIDE'
  | 'PRICE_REQUIRED';

export type Check = { ok: true } | { ok: false; reason: OrderRefusal };

const OK: Check = { ok: true };
const refuse = (reason: OrderRefusal): Check => ({ ok: false, reason });

/** Lots: at least the minimum, at most the maximum, a whole number of steps (DECISIONS.md). */
export function checkLots(spec: InstrumentSpec, lots: Lots): Check {
  if (lots < spec.minLots) return refuse('LOTS_BELOW_MIN');
  if (lots > spec.maxLots) return refuse('LOTS_ABOVE_MAX');
  if (lots % spec.lotStep !== 0n) return refuse('LOTS_OFF_STEP');
  return OK;
}

/**
 * Leverage must be one the instrument offers. A fixed-margin instrument offers none: its
 * orders carry 0 (no leverage), so that no figure the margin never used is stored and shown.
 */
export function checkLeverage(spec: InstrumentSpec, leverage: number): Check {
  if (spec.marginMode === 1) return leverage === 0 ? OK : refuse('LEVERAGE_NOT_OFFERED');
  if (spec.leverage.length === 0) return refuse('NO_LEVERAGE_CONFIGURED');
  return spec.leverage.includes(leverage) ? OK : refuse('LEVERAGE_NOT_OFFERED');
}

/**
 * Take profit and stop loss (0 = unset) against the price the position closes at: a buy
 * closes on the bid, so stop loss < bid < take profit; a sell closes on the ask, so take
 * profit < ask < stop loss.
 */
export function checkStops(
  side: Side,
  bid: PricePoints,
  ask: PricePoints,
  takeProfit: PricePoints,
  stopLoss: PricePoints,
): Check {
  if (side === 'buy') {
    if (takeProfit !== 0n && takeProfit <= bid) return refuse('TAKE_PROFIT_WRONG_SIDE');
    if (stopLoss !== 0n && stopLoss >= bid) return refuse('STOP_LOSS_WRONG_SIDE');
  } else {
    if (takeProfit !== 0n && takeProfit >= ask) return refuse('TAKE_PROFIT_WRONG_SIDE');
    if (stopLoss !== 0n && stopLoss <= ask) return refuse('STOP_LOSS_WRONG_SIDE');
  }
  return OK;
}
