import { COPY_LIMITS, type RequestOf } from '@tradedesk/contract';
import {
  asMicros,
  divide,
  MICROS_SCALE,
  type Micros,
  microsToNumber,
  parseMicros,
} from '@tradedesk/engine';
import { amountToSend } from '../../../lib/amount-text.ts';

/** What the copy sheet holds: the amount as typed, the copy stop-loss %, copy open positions. */
export interface CopyDraft {
  amount: string;
  stopLossRate: number;
  copyOpen: boolean;
}

export const INITIAL_COPY_DRAFT: CopyDraft = {
  amount: '',
  stopLossRate: COPY_LIMITS.defaultStopLossRate,
  copyOpen: false,
};

/** Why the sheet cannot send yet: an i18n key and its values. */
export interface CopyDraftProblem {
  key:
    | 'copy.amount_required'
    | 'copy.amount_min'
    | 'copy.amount_over_balance'
    | 'copy.stop_loss_range';
  values?: Record<string, number>;
}

/** A wire number (made by the server from an exact decimal of at most 6 places) as micros. */
function wireMicros(value: number): Micros {
  return parseMicros(value.toFixed(MICROS_SCALE));
}

/**
 * The first thing the contract or the balance would refuse, checked before sending: an amount
 * (at least COPY_LIMITS.minAmount, within the free balance when it is known), and a copy
 * stop-loss in COPY_LIMITS' whole-percent bounds. The server checks all of it again.
 */
export function findCopyDraftProblem(
  draft: CopyDraft,
  freeBalance: number | undefined,
): CopyDraftProblem | null {
  const amount = amountToSend(draft.amount);
  if (amount === null) return { key: 'copy.amount_required' };
  const amountMicros = parseMicros(amount);
  if (amountMicros < parseMicros(String(COPY_LIMITS.minAmount)))
    return { key: 'copy.amount_min', values: { min: COPY_LIMITS.minAmount } };
  if (freeBalance !== undefined && amountMicros > wireMicros(freeBalance))
    return { key: 'copy.amount_over_balance' };
  const rate = draft.stopLossRate;
  if (
    !Number.isInteger(rate) ||
    rate < COPY_LIMITS.minStopLossRate ||
    rate > COPY_LIMITS.maxStopLossRate
  )
    return {
      key: 'copy.stop_loss_range',
      values: { min: COPY_LIMITS.minStopLossRate, max: COPY_LIMITS.maxStopLossRate },
    };
  return null;
}

/**
 * The equity at which the copy stops by itself: amount × (100 − rate) / 100, exact in micros
 * and rounded half up (display only: the server holds the copy's own figure). Null until the
 * amount is one.
 */
export function stopEquityOf(amountText: string, stopLossRate: number): number | null {
  const amount = amountToSend(amountText);
  if (amount === null || !Number.isInteger(stopLossRate)) return null;
  const kept = parseMicros(amount) * BigInt(100 - stopLossRate);
  return microsToNumber(asMicros(divide(kept, 100n, 'half-up')));
}

/** The request of a checked draft; the amount goes as the decimal text typed, never a float. */
export function toCopyRequest(leaderId: number, draft: CopyDraft): RequestOf<'followCopy'> {
  const amount = amountToSend(draft.amount);
  if (amount === null) throw new Error('toCopyRequest: the draft has no amount');
  return {
    id: leaderId,
    amount,
    copy_sl_rate: draft.stopLossRate,
    // 0/1, as the API's other flags.
    copy_open: draft.copyOpen ? 1 : 0,
  };
}
