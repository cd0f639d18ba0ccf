import type { PricePoints } from '../instruments/spec.ts';
import { type Micros, negateMicros } from '../money/micros.ts';
import type { Side } from '../pnl/pnl.ts';
import type { Direction, QuoteSide, Trigger } from '../triggers/trigger-book.ts';
import { type OpenRequest, priceOrder, type Result } from './commands.ts';
import type { LedgerEntry, Market } from './position.ts';

/** A pending order's type: Buy Limit, Buy Stop, Sell Limit or Sell Stop with its side. */
export type PendingKind = 'limit' | 'stop';

/**
 * The type of a pending order (DECISIONS.md): a buy at or below the ask or a sell at or
 * above the bid is a limit, filled when the market comes to it; a buy above the ask or a
 * sell below the bid is a stop, filled when the market crosses it. A target at the price
 * is a limit that the market already reaches. While the order waits the answer stays the
 * same, since the market has not reached the target.
 */
export function pendingKind(side: Side, target: PricePoints, market: Market['quote']): PendingKind {
  if (side === 'buy') return target <= market.ask ? 'limit' : 'stop';
  return target >= market.bid ? 'limit' : 'stop';
}

/** When a pending order fills (see `pendingKind`). Buys fill on the ask, sells on the bid. */
export function fillTrigger(
  orderId: number,
  side: Side,
  target: PricePoints,
  market: Market['quote'],
): Trigger {
  const watch: QuoteSide = side === 'buy' ? 'ask' : 'bid';
  const limit = pendingKind(side, target, market) === 'limit';
  // A buy limit waits for the ask to come down to it, a sell limit for the bid to come up.
  const direction: Direction = limit === (side === 'buy') ? 'at-or-below' : 'at-or-above';
  return { key: `${orderId}:fill`, side: watch, direction, level: target };
}

/** Take profit and stop loss triggers of a position; a buy closes on the bid, a sell on the ask. */
export function exitTriggers(
  orderId: number,
  side: Side,
  takeProfit: PricePoints,
  stopLoss: PricePoints,
): Trigger[] {
  const watch: QuoteSide = side === 'buy' ? 'bid' : 'ask';
  const triggers: Trigger[] = [];
  if (takeProfit !== 0n) {
    triggers.push({
      key: `${orderId}:tp`,
      side: watch,
      direction: side === 'buy' ? 'at-or-above' : 'at-or-below',
      level: takeProfit,
    });
  }
  if (stopLoss !== 0n) {
    triggers.push({
      key: `${orderId}:sl`,
      side: watch,
      direction: side === 'buy' ? 'at-or-below' : 'at-or-above',
      level: stopLoss,
    });
  }
  return triggers;
}

/**
 * Places a pending order: margin + fee at the target price are reserved from the balance
 * into lock_balance (one ledger row), so the fill can always be paid.
 */
export function placePending(
  account: { balance: Micros; freeMargin: Micros },
  market: Market,
  request: OpenRequest & { target: PricePoints },
): Result<{ reserve: Micros; ledger: LedgerEntry[] }> {
  if (request.target <= 0n) return { ok: false, reason: 'PRICE_REQUIRED' };
  // Stops are judged against the price the position will open at.
  const at = { bid: request.target, ask: request.target };
  const priced = priceOrder(account, market, request, request.target, at);
  if (!priced.ok) return priced;
  const reserve = priced.cost;
  return { ok: true, reserve, ledger: [{ kind: 'reserve', amount: negateMicros(reserve) }] };
}

/** Why a pending order may not wait at a price now. */
export type PendingPriceRefusal = 'PENDING_TYPE_CHANGED' | 'PRICE_TOO_CLOSE';

/**
 * Whether a pending order may wait at `target` at this quote (placing it, or moving it): at
 * least `stopLevel` points from the price it fills on (MT5's "stops level"; 0 allows any), and,
 * when it is moved, on the same side of that price as before (`keep`), so that a Buy Limit stays
 * below the Ask and a Buy Stop above it — a change of type is a cancel and a new order.
 */
export function checkPendingPrice(
  side: Side,
  target: PricePoints,
  quote: Market['quote'],
  stopLevel: PricePoints,
  keep?: Direction,
): { ok: true } | { ok: false; reason: PendingPriceRefusal } {
  if (keep !== undefined && fillTrigger(0, side, target, quote).direction !== keep)
    return { ok: false, reason: 'PENDING_TYPE_CHANGED' };
  const watched = side === 'buy' ? quote.ask : quote.bid;
  const distance = target > watched ? target - watched : watched - target;
  if (distance < stopLevel) return { ok: false, reason: 'PRICE_TOO_CLOSE' };
  return { ok: true };
}

/** Whether the market has reached a waiting order's price (its fill is due or under way). */
export function pendingReached(
  side: Side,
  direction: Direction,
  target: PricePoints,
  quote: Market['quote'],
): boolean {
  const watched = side === 'buy' ? quote.ask : quote.bid;
  return direction === 'at-or-below' ? watched <= target : watched >= target;
}
