import { type Instrument, ORDER_STATUSES, ORDER_TYPES, type RequestOf } from '@tradedesk/contract';
import { type Expiry, expireAtOf, findExpiryProblem } from './expiry.ts';
import { findLotsProblem } from './lots-problem.ts';
import { draftStopReference, findDraftStopProblem } from './stop-problems.ts';
import { findTrailingProblem, type TrailingDraft, trailingFields } from './trailing.ts';

export type Side = 'buy' | 'sell';
export type Mode = 'market' | 'pending';

/** A stop as the forms edit it: on with its price, or off (sent as 0, SPEC.md §4). */
export interface Stop {
  readonly on: boolean;
  readonly price: string;
}

export const NO_STOP: Stop = { on: false, price: '' };

/** What the order form holds when it is sent; numbers stay the strings that were typed. */
export interface OrderDraft {
  side: Side;
  mode: Mode;
  target: string;
  lots: string;
  leverage: number;
  stopLoss: Stop;
  takeProfit: Stop;
  /** A trailing stop from the start (a pending order's from its fill). */
  trailing: TrailingDraft;
  /** A pending order's expiry. */
  expiry: Expiry;
}

/** Decimal places of a lot step: 0.01 → 2. */
export function stepDigits(step: number): number {
  const text = String(step);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/** The draft's trailing stop judged as the server will judge it (see `findTrailingProblem`). */
export function findDraftTrailingProblem(draft: OrderDraft, instrument: Instrument) {
  if (!draft.trailing.on) return null;
  const reference = draftStopReference(draft, instrument);
  if (reference === null) return null;
  return findTrailingProblem(
    draft.trailing,
    draft.side,
    reference.points,
    instrument.PricePrecision,
  );
}

/**
 * Why a draft cannot be sent yet, as the i18n key of its toast; null when it can be. `now`
 * judges a pending order's expiry.
 */
export function findDraftProblem(
  draft: OrderDraft,
  instrument: Instrument,
  now: number,
): { key: string; values?: Record<string, string> } | null {
  if (instrument.MarginMode !== 1 && instrument.HasForexMultiple.length === 0)
    return { key: 'trade.no_mult_config' };
  const lotsProblem = findLotsProblem(draft.lots, instrument);
  if (lotsProblem) return lotsProblem;
  if (draft.mode === 'pending' && !(Number(draft.target) > 0))
    return { key: 'trade.price_required' };
  const { stopLoss, takeProfit } = draft;
  if ((stopLoss.on && !stopLoss.price) || (takeProfit.on && !takeProfit.price))
    return { key: 'public.input_full' };
  const expiryProblem = draft.mode === 'pending' ? findExpiryProblem(draft.expiry, now) : null;
  if (expiryProblem) return { key: expiryProblem };
  // The words said under the field, rather than the server's refusal after a round trip.
  return (
    findDraftStopProblem('stopLoss', draft, instrument) ??
    findDraftStopProblem('takeProfit', draft, instrument) ??
    findDraftTrailingProblem(draft, instrument)
  );
}

/**
 * The submitOrder request of a draft. What does not apply goes as 0: an off stop or trailing
 * stop, a market order's target, a fixed-margin instrument's leverage. Only a pending order
 * has an expiry (good till cancelled unless chosen).
 */
export function toOrderRequest(
  draft: OrderDraft,
  instrument: Instrument,
): RequestOf<'submitOrder'> {
  const trailing = trailingFields(draft.trailing);
  const expireAt = draft.mode === 'pending' ? expireAtOf(draft.expiry) : null;
  return {
    type: draft.side === 'buy' ? ORDER_TYPES.buy : ORDER_TYPES.sell,
    cont: draft.lots,
    forex_id: instrument.Id,
    status: draft.mode === 'market' ? ORDER_STATUSES.holding : ORDER_STATUSES.pending,
    target_price: draft.mode === 'pending' ? draft.target : '0',
    stop_loss_price: draft.stopLoss.on ? draft.stopLoss.price : '0',
    target_profit_price: draft.takeProfit.on ? draft.takeProfit.price : '0',
    multiple: instrument.MarginMode === 1 ? 0 : draft.leverage,
    trailing_distance: trailing.distance,
    trailing_activation: trailing.activation,
    ...(expireAt === null ? {} : { expire_at: expireAt }),
  };
}
