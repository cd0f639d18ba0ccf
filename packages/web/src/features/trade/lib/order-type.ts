import { type Instrument, ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { type PendingKind, type PricePoints, pendingKind } from '@tradedesk/engine';
import { toPoints } from './instrument-spec.ts';
import type { Side } from './order-draft.ts';

/** The names MT5 gives the four pending types, as i18n keys. */
const PENDING_TYPE_KEYS: Readonly<Record<Side, Readonly<Record<PendingKind, string>>>> = {
  buy: { limit: 'trade.buy_limit', stop: 'trade.buy_stop' },
  sell: { limit: 'trade.sell_limit', stop: 'trade.sell_stop' },
};

const sideOf = (order: Order): Side => (order.OrderType === 1 ? 'buy' : 'sell');

/**
 * The i18n key of the type a pending order at `target` is now (Buy Limit, Sell Stop …), as
 * the server decides it when the order is placed (the engine's `pendingKind`).
 */
export function pendingTypeKey(side: Side, target: PricePoints, instrument: Instrument): string {
  const quote = {
    bid: toPoints(instrument.Bid, instrument.PricePrecision),
    ask: toPoints(instrument.Ask, instrument.PricePrecision),
  };
  return PENDING_TYPE_KEYS[side][pendingKind(side, target, quote)];
}

/**
 * What an order is called on its card and in its detail: a waiting order by its type (Buy
 * Limit …), anything else by its side. A waiting order's current price (UpdatePrice) is the
 * one it fills on, the ask of a buy or the bid of a sell; until the market reaches the target
 * it stands on the same side of it as when the order was placed, so the type read from it is
 * the one the server gave the order.
 */
export function orderTypeKey(order: Order): string {
  const side = sideOf(order);
  if (order.Status !== ORDER_STATUSES.pending) return side === 'buy' ? 'trade.buy' : 'trade.sell';
  const precision = order.ForexTradeLists.PricePrecision;
  const fillsOn = toPoints(order.UpdatePrice, precision);
  const kind = pendingKind(side, toPoints(order.OriginPrice, precision), {
    bid: fillsOn,
    ask: fillsOn,
  });
  return PENDING_TYPE_KEYS[side][kind];
}
