import type { Instrument } from '@tradedesk/contract';
import { checkStops, formatDecimal, NO_PRICE, type PricePoints } from '@tradedesk/engine';
import { isolateLtr } from '../../../lib/bidi.ts';
import { toPoints } from './instrument-spec.ts';
import type { OrderDraft, Side, Stop } from './order-draft.ts';
import { parseLevel, type StopKind, stopReference } from './stop-levels.ts';

/** What is wrong with a stop level, as the i18n key of its message and the price it names. */
export interface StopProblem {
  key: string;
  values: { price: string };
}

/** The price a stop is judged against: a pending order's own price, or the market's. */
export interface StopReference {
  points: PricePoints;
  /** 'order' for a pending order's price; 'market' for the bid (a buy) or the ask (a sell). */
  source: 'order' | 'market';
}

/**
 * Messages by stop, side and reference: a buy's stop loss goes below (its take profit above)
 * the price, a sell's the other way; a market buy closes on the bid, a sell on the ask.
 */
const WRONG_SIDE_KEYS: Readonly<
  Record<StopKind, Record<Side, Record<StopReference['source'], string>>>
> = {
  stopLoss: {
    buy: { order: 'trade.sl_below_order_price', market: 'trade.sl_below_bid' },
    sell: { order: 'trade.sl_above_order_price', market: 'trade.sl_above_ask' },
  },
  takeProfit: {
    buy: { order: 'trade.tp_above_order_price', market: 'trade.tp_above_bid' },
    sell: { order: 'trade.tp_below_order_price', market: 'trade.tp_below_ask' },
  },
};

/**
 * Why a ticked stop would be refused for being on the wrong side of its reference, judged by
 * the engine's own `checkStops` (what the server answers with TAKE_PROFIT_WRONG_SIDE or
 * STOP_LOSS_WRONG_SIDE); null when it is on its side, off, or not a price yet.
 */
export function findStopProblem(
  kind: StopKind,
  side: Side,
  stop: Stop,
  reference: StopReference,
  precision: number,
): StopProblem | null {
  if (!stop.on) return null;
  const level = parseLevel(stop.price, precision);
  if (level === null) return null;
  const at = reference.points;
  const check =
    kind === 'stopLoss'
      ? checkStops(side, at, at, NO_PRICE, level)
      : checkStops(side, at, at, level, NO_PRICE);
  if (check.ok) return null;
  return {
    key: WRONG_SIDE_KEYS[kind][side][reference.source],
    // One left-to-right unit inside an Arabic sentence, as every shown price.
    values: { price: isolateLtr(formatDecimal(at, precision)) },
  };
}

/**
 * The reference a new order's stops are judged against now (see `stopReference`); null for a
 * pending order whose price is not a price yet, where there is nothing to judge them by.
 */
export function draftStopReference(
  draft: Pick<OrderDraft, 'side' | 'mode' | 'target'>,
  instrument: Instrument,
): StopReference | null {
  const precision = instrument.PricePrecision;
  const target = draft.mode === 'pending' ? parseLevel(draft.target, precision) : null;
  if (draft.mode === 'pending' && target === null) return null;
  const points = stopReference({
    side: draft.side,
    bid: toPoints(instrument.Bid, precision),
    ask: toPoints(instrument.Ask, precision),
    target,
  });
  return { points, source: draft.mode === 'pending' ? 'order' : 'market' };
}

/** The draft's stop of `kind` on the wrong side, if it is (see `findStopProblem`). */
export function findDraftStopProblem(
  kind: StopKind,
  draft: OrderDraft,
  instrument: Instrument,
): StopProblem | null {
  const stop = kind === 'stopLoss' ? draft.stopLoss : draft.takeProfit;
  if (!stop.on) return null;
  const reference = draftStopReference(draft, instrument);
  if (reference === null) return null;
  return findStopProblem(kind, draft.side, stop, reference, instrument.PricePrecision);
}
