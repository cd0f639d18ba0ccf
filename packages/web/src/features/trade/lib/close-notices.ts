import {
  AUTO_CLOSE_REASONS,
  type AutoCloseReason,
  type CloseReasonCode,
  type ForexClosedPush,
  ORDER_STATUSES,
  type Order,
} from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { formatPrice, formatSignedMoney } from '../../../lib/format.ts';
import { parseServerTime } from '../../../lib/local-time.ts';

/**
 * A position the market closed for the trader: a take profit, stop loss or trailing stop was
 * reached, or the account was stopped out; or a pending order expired (no position: no P&L).
 * Built from a FOREX_CLOSED push (live) or a history row (closes while the app was shut); both
 * say the same figures.
 */
export interface CloseNotice {
  id: number;
  reason: AutoCloseReason;
  code: string;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  lots: number;
  /** The close price; of an expired order its own price from history, 0 from a push. */
  closePrice: number;
  precision: number;
  /** Realised P&L in USD, fee not included (as the order's FactProfits). */
  pnl: number;
  /** Epoch ms. */
  closedAt: number;
}

/**
 * Whether a close is news to the trader. A manual close they did themselves (and got its
 * message), a cancel is no position, and a demo reset they asked for: only what the market did
 * while they looked away is told.
 */
export function notifies(reason: CloseReasonCode | null | undefined): reason is AutoCloseReason {
  return (AUTO_CLOSE_REASONS as readonly string[]).includes(reason ?? '');
}

/** A notice from the push; null for a close that is not told, or a push without the figures. */
export function noticeFromPush(push: ForexClosedPush): CloseNotice | null {
  const { Code, OrderType, Quantity, ClosePrice, CloseTime } = push;
  if (!notifies(push.CloseReason)) return null;
  if (Code === undefined || OrderType === undefined || Quantity === undefined) return null;
  if (ClosePrice === undefined || CloseTime === undefined) return null;
  return {
    id: push.Id,
    reason: push.CloseReason,
    code: Code,
    side: OrderType,
    lots: Quantity,
    closePrice: ClosePrice,
    precision: push.PricePrecision ?? decimalsOf(ClosePrice),
    pnl: push.FactProfits,
    closedAt: CloseTime,
  };
}

/** A notice from a closed order of history; null for a close that is not told. */
export function noticeFromOrder(order: Order): CloseNotice | null {
  if (order.Status !== ORDER_STATUSES.history || !notifies(order.CloseReason)) return null;
  return {
    id: order.Id,
    reason: order.CloseReason,
    code: order.ForexTradeLists.ShowCode,
    side: order.OrderType,
    lots: order.Quantity,
    closePrice: order.CloseReason === 'expired' ? order.OriginPrice : order.ClosePrice,
    precision: order.ForexTradeLists.PricePrecision,
    pnl: order.FactProfits,
    closedAt: parseServerTime(order.CloseTimeHandler) ?? Number.NaN,
  };
}

/**
 * The list: pushes of this session and history's rows, one entry per order (history's when
 * both have it: it is the stored truth), newest close first.
 */
export function mergeNotices(
  live: readonly CloseNotice[],
  history: readonly CloseNotice[],
): CloseNotice[] {
  const byId = new Map<number, CloseNotice>();
  for (const notice of live) byId.set(notice.id, notice);
  for (const notice of history) byId.set(notice.id, notice);
  return [...byId.values()].sort((a, b) => b.closedAt - a.closedAt || b.id - a.id);
}

/** How many closed after the list was last opened (`seenAt`, epoch ms; 0 never). */
export function unreadCount(notices: readonly CloseNotice[], seenAt: number): number {
  return notices.filter((notice) => notice.closedAt > seenAt).length;
}

/** What opening the list now marks as seen: up to its newest close, never back in time. */
export function seenUpTo(notices: readonly CloseNotice[], seenAt: number): number {
  return notices.reduce((latest, notice) => Math.max(latest, notice.closedAt), seenAt);
}

/** Lots as a trading app shows them: at least 2 decimals (0.10, 1.00), more when there are. */
export function formatLots(lots: number): string {
  return lots.toFixed(Math.max(2, decimalsOf(lots)));
}

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** "+92.00 USD": the realised P&L, signed, to the cent. */
export function formatNoticePnl(pnl: number): string {
  return `${formatSignedMoney(pnl)} USD`;
}

/** Whether the notice is of a pending order that expired: no position, no P&L. */
export function isExpiry(notice: Pick<CloseNotice, 'reason'>): boolean {
  return notice.reason === 'expired';
}

/**
 * "Take profit closed EURUSD Buy 0.10 at 1.08500", or "Pending order expired: EURUSD Buy
 * 0.10", in the trader's language.
 */
export function noticeHeadline(t: TFunction, notice: CloseNotice): string {
  if (isExpiry(notice))
    return t('notices.expired', {
      code: notice.code,
      side: t(notice.side === 1 ? 'trade.buy' : 'trade.sell'),
      lots: formatLots(notice.lots),
    });
  return t('notices.closed', {
    reason: t(`order.reason_${notice.reason}`),
    code: notice.code,
    side: t(notice.side === 1 ? 'trade.buy' : 'trade.sell'),
    lots: formatLots(notice.lots),
    price: formatPrice(notice.closePrice, notice.precision),
  });
}

/** The toast's whole text: "Take profit closed EURUSD Buy 0.10 at 1.08500 · +92.00 USD". */
export function noticeText(t: TFunction, notice: CloseNotice): string {
  if (isExpiry(notice)) return noticeHeadline(t, notice);
  return `${noticeHeadline(t, notice)} · ${formatNoticePnl(notice.pnl)}`;
}
