import type { Instrument, Order, RequestOf } from '@tradedesk/contract';
import {
  addMicros,
  asPricePoints,
  formatDecimal,
  type Micros,
  type PricePoints,
  pendingKind,
} from '@tradedesk/engine';
import { wireMicros } from '../../../lib/format.ts';
import { type Expiry, expireAtOf, expiryOfOrder, findExpiryProblem } from './expiry.ts';
import { toPoints } from './instrument-spec.ts';
import { NO_STOP, type Side, type Stop } from './order-draft.ts';
import { previewOrder } from './order-preview.ts';
import { parseLevel } from './stop-levels.ts';
import { findStopProblem, type StopProblem } from './stop-problems.ts';

/**
 * Moving a pending order (issue 40, MT5's "Modify order"): its price, its stops and its expiry,
 * judged as the server judges them, and the reserve it would hold at the new price.
 */
export interface PendingEdit {
  price: string;
  stopLoss: Stop;
  takeProfit: Stop;
  expiry: Expiry;
}

const sideOf = (order: Order): Side => (order.OrderType === 1 ? 'buy' : 'sell');

/** A stop as a field edits it: on at its price, or off. */
function stopOf(value: number, precision: number): Stop {
  return value > 0 ? { on: true, price: value.toFixed(precision) } : NO_STOP;
}

/** The order as its edit sheet starts: its own price, stops and expiry. */
export function editOf(order: Order): PendingEdit {
  const precision = order.ForexTradeLists.PricePrecision;
  return {
    price: order.OriginPrice.toFixed(precision),
    stopLoss: stopOf(order.TargetLossPrice, precision),
    takeProfit: stopOf(order.TargetProfitPrice, precision),
    expiry: expiryOfOrder(order),
  };
}

/** One point up or down from the typed price; from what is no price, the order's own. */
export function stepPrice(text: string, fallback: number, precision: number, direction: 1 | -1) {
  const from = parseLevel(text, precision) ?? toPoints(fallback, precision);
  const next = from + BigInt(direction);
  return formatDecimal(asPricePoints(next > 0n ? next : from), precision);
}

/**
 * The price a waiting order fills on now: the ask of a buy, the bid of a sell, live from the
 * instrument when it is listed; else the order's own UpdatePrice (the same price, as loaded).
 */
export function fillsOnOf(order: Order, instrument: Instrument | undefined): PricePoints {
  const precision = order.ForexTradeLists.PricePrecision;
  if (!instrument) return toPoints(order.UpdatePrice, precision);
  return toPoints(order.OrderType === 1 ? instrument.Ask : instrument.Bid, precision);
}

/** What is wrong with the price: none typed, or one that would change the order's type. */
export type PriceProblem =
  | { key: 'trade.price_required' }
  | { key: 'order.type_would_change'; typeKey: string };

export interface PendingEditProblems {
  price: PriceProblem | null;
  stopLoss: StopProblem | null;
  takeProfit: StopProblem | null;
  /** An i18n key. */
  expiry: string | null;
}

const TYPE_KEYS: Readonly<Record<Side, Record<'limit' | 'stop', string>>> = {
  buy: { limit: 'trade.buy_limit', stop: 'trade.buy_stop' },
  sell: { limit: 'trade.sell_limit', stop: 'trade.sell_stop' },
};

/** Whether the expiry was changed from the order's (an unchanged one is not sent). */
export function expiryChanged(edit: PendingEdit, initial: PendingEdit): boolean {
  return (
    edit.expiry.choice !== initial.expiry.choice ||
    (edit.expiry.choice === 'at' && edit.expiry.at !== initial.expiry.at)
  );
}

/**
 * Why the server would refuse the edit, field by field: a price that is none, or on the other
 * side of the market from the order's (a Buy Limit moved over the ask would be a Buy Stop:
 * PENDING_TYPE_CHANGED); stops on the wrong side of the new price; a changed expiry not chosen
 * or past (one left as it was is not sent, so not judged: the phone's clock may differ from
 * the server's). The stop level (PRICE_TOO_CLOSE) is the server's to say: the wire does not
 * carry it.
 */
export function findEditProblems(
  order: Order,
  edit: PendingEdit,
  initial: PendingEdit,
  instrument: Instrument | undefined,
  now: number,
): PendingEditProblems {
  const side = sideOf(order);
  const precision = order.ForexTradeLists.PricePrecision;
  const target = parseLevel(edit.price, precision);
  const expiry = expiryChanged(edit, initial) ? findExpiryProblem(edit.expiry, now) : null;
  if (target === null)
    return { price: { key: 'trade.price_required' }, stopLoss: null, takeProfit: null, expiry };
  const fillsOn = fillsOnOf(order, instrument);
  const at = { bid: fillsOn, ask: fillsOn };
  const kind = pendingKind(side, toPoints(order.OriginPrice, precision), at);
  const next = pendingKind(side, target, at);
  const reference = { points: target, source: 'order' } as const;
  return {
    price:
      next === kind ? null : { key: 'order.type_would_change', typeKey: TYPE_KEYS[side][next] },
    stopLoss: findStopProblem('stopLoss', side, edit.stopLoss, reference, precision),
    takeProfit: findStopProblem('takeProfit', side, edit.takeProfit, reference, precision),
    expiry,
  };
}

/** Whether any field has a problem. */
export function hasEditProblem(problems: PendingEditProblems): boolean {
  return Object.values(problems).some((problem) => problem !== null);
}

/**
 * The modify_pending request: the price, both stops as they stand (an off one as 0, which
 * removes it), and the expiry only when it was changed, so that an order's moment that has
 * meanwhile come close is not sent again as it was.
 */
export function toModifyRequest(
  order: Order,
  edit: PendingEdit,
  initial: PendingEdit,
): RequestOf<'modifyPending'> {
  const expireAt = expiryChanged(edit, initial) ? expireAtOf(edit.expiry) : null;
  return {
    id: order.Id,
    price: edit.price,
    stop_loss: edit.stopLoss.on ? edit.stopLoss.price : '0',
    take_profit: edit.takeProfit.on ? edit.takeProfit.price : '0',
    ...(expireAt === null ? {} : { expire_at: expireAt }),
  };
}

/**
 * What the order would hold at `price`: the margin and fee of its lots and leverage there,
 * as placing it prices them (the engine's arithmetic, through `previewOrder`). Null while the
 * price is no price, or the instrument's quote is not known.
 */
export function reserveAt(input: {
  order: Order;
  price: string;
  instrument: Instrument | undefined;
  instruments: readonly Instrument[];
  feeType: number;
}): Micros | null {
  const { order, instrument } = input;
  if (!instrument) return null;
  const target = parseLevel(input.price, instrument.PricePrecision);
  if (target === null) return null;
  const preview = previewOrder({
    instrument,
    instruments: input.instruments,
    side: sideOf(order),
    lots: String(order.Quantity),
    leverage: order.Multiple,
    price: Number(formatDecimal(target, instrument.PricePrecision)),
    feeType: input.feeType,
  });
  return preview && addMicros(wireMicros(preview.margin), wireMicros(preview.fee));
}
