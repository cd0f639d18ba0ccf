import type { ExpiryRequest, Order } from '@tradedesk/contract';
import { parseServerTime } from '../../../lib/local-time.ts';

/** When a pending order expires, as MT5 offers it: good till cancelled, today, or a moment. */
export type ExpiryChoice = 'gtc' | 'today' | 'at';

/** An expiry as the forms edit it; `at` is a datetime-local field's text, in the phone's zone. */
export interface Expiry {
  readonly choice: ExpiryChoice;
  /** "YYYY-MM-DDTHH:mm" while `choice` is 'at'; ignored otherwise. */
  readonly at: string;
}

export const GOOD_TILL_CANCELLED: Expiry = { choice: 'gtc', at: '' };

const FIELD_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant of a datetime-local field's text, read in the phone's zone; null if none. */
export function parseFieldTime(text: string): number | null {
  const match = FIELD_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const at = new Date(year!, month! - 1, day!, hour!, minute!).getTime();
  return Number.isFinite(at) ? at : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local field holds it, in the phone's zone (to the minute). */
export function fieldTimeOf(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** What to send for an expiry; null for a moment that is not a time yet. */
export function expireAtOf(expiry: Expiry): ExpiryRequest | null {
  if (expiry.choice !== 'at') return expiry.choice;
  return parseFieldTime(expiry.at);
}

/**
 * Why an expiry cannot be sent, as the i18n key said under it: a moment not chosen, or one
 * already past (the server refuses it with EXPIRY_IN_PAST). Null when it can be sent.
 */
export function findExpiryProblem(expiry: Expiry, now: number): string | null {
  if (expiry.choice !== 'at') return null;
  const at = parseFieldTime(expiry.at);
  if (at === null) return 'order.expiry_required';
  return at <= now ? 'order.expiry_past' : null;
}

/**
 * A waiting order's expiry as its edit sheet starts: good till cancelled, or its moment (a
 * "today" it was placed with is the end of that trading day, a moment like any other).
 */
export function expiryOfOrder(order: Pick<Order, 'ExpireTimeHandler'>): Expiry {
  const at = parseServerTime(order.ExpireTimeHandler);
  return at === null ? GOOD_TILL_CANCELLED : { choice: 'at', at: fieldTimeOf(at) };
}

/** Where the date-time field starts when chosen: a day from now, on the minute. */
export function defaultExpiryField(now: number): string {
  return fieldTimeOf(now + 24 * 3_600_000);
}
