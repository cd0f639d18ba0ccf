import type { Order } from '@tradedesk/contract';
import { formatDecimal, type PricePoints } from '@tradedesk/engine';
import { isolateLtr } from '../../../lib/bidi.ts';
import {
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTimeOfDay,
  parseServerTime,
  type ServerTime,
} from '../../../lib/local-time.ts';
import type { Side } from './order-draft.ts';
import { parseLevel, startDistance } from './stop-levels.ts';

/**
 * A trailing stop as the forms edit it (issue 40): how far behind the closing price the stop
 * follows, in price units, and the closing price from which it starts to ("" at once).
 */
export interface TrailingDraft {
  readonly on: boolean;
  readonly distance: string;
  readonly activation: string;
}

export const NO_TRAILING: TrailingDraft = { on: false, distance: '', activation: '' };

/** What is wrong with a trailing stop, as the i18n key said under it and the price it names. */
export interface TrailingProblem {
  key: string;
  values?: { price: string };
}

/**
 * A trailing stop switched on: its distance starts where a stop loss would (1 % of the price,
 * a day's range of a major pair), following at once.
 */
export function startTrailing(reference: PricePoints, precision: number): TrailingDraft {
  return { on: true, distance: formatDecimal(startDistance(reference), precision), activation: '' };
}

/** A position's trailing stop as its editor starts: on at its distance, or off. */
export function trailingOfOrder(order: Order): TrailingDraft {
  const precision = order.ForexTradeLists.PricePrecision;
  if (!(order.TrailingDistance > 0)) return NO_TRAILING;
  return {
    on: true,
    distance: order.TrailingDistance.toFixed(precision),
    activation: order.TrailingActivation > 0 ? order.TrailingActivation.toFixed(precision) : '',
  };
}

/** The request's fields: an off trailing stop goes as distance 0 (none), no activation as 0. */
export function trailingFields(draft: TrailingDraft): { distance: string; activation: string } {
  if (!draft.on) return { distance: '0', activation: '0' };
  const activation = draft.activation.trim();
  return { distance: draft.distance.trim(), activation: activation === '' ? '0' : activation };
}

/** The distance in points ("100 points" beside 0.00100), or null while it is not a price. */
export function trailingPoints(distance: string, precision: number): bigint | null {
  return parseLevel(distance, precision);
}

/**
 * Why the server would refuse this trailing stop, judged as it judges it against `reference`,
 * the price the position closes at (the bid of a buy, the ask of a sell; a pending order's own
 * price): a distance that is no price, or (for a buy, whose stop must stay above zero) not below
 * the price (TRAILING_DISTANCE_TOO_LARGE); an activation price not beyond it in the position's
 * favour (ACTIVATION_WRONG_SIDE). Null when it can be sent, or is off.
 */
export function findTrailingProblem(
  draft: TrailingDraft,
  side: Side,
  reference: PricePoints,
  precision: number,
): TrailingProblem | null {
  if (!draft.on) return null;
  const price = { price: isolateLtr(formatDecimal(reference, precision)) };
  const distance = parseLevel(draft.distance, precision);
  if (distance === null) return { key: 'trade.trailing_required' };
  if (side === 'buy' && distance >= reference)
    return { key: 'trade.trailing_too_large', values: price };
  if (draft.activation.trim() === '') return null;
  const activation = parseLevel(draft.activation, precision);
  if (activation === null) return { key: 'trade.trailing_activation_invalid' };
  const ahead = side === 'buy' ? activation > reference : activation < reference;
  if (ahead) return null;
  return {
    key: side === 'buy' ? 'trade.activation_above' : 'trade.activation_below',
    values: price,
  };
}

/** Whether the order has a trailing stop. */
export function hasTrailing(order: Pick<Order, 'TrailingDistance'>): boolean {
  return order.TrailingDistance > 0;
}

/**
 * When the stop last moved, in the phone's zone: to the second when it was today (a trailing
 * stop moves while the trader watches), with its date when it was not. Empty for never.
 */
export function formatStopMoved(time: ServerTime, now: number, timeZone?: string): string {
  const at = parseServerTime(time);
  if (at === null) return '';
  const today = formatLocalDate(at, { timeZone }) === formatLocalDate(now, { timeZone });
  return today ? formatLocalTimeOfDay(at, { timeZone }) : formatLocalDateTime(at, { timeZone });
}
