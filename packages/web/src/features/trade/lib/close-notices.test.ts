import type { CloseReasonCode, ForexClosedPush, Order } from '@tradedesk/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import hk from '../../../i18n/locales/hk.json';
import {
  type CloseNotice,
  formatLots,
  mergeNotices,
  noticeFromOrder,
  noticeFromPush,
  noticeText,
  notifies,
  seenUpTo,
  unreadCount,
} from './close-notices.ts';

const CLOSED_AT = Date.UTC(2026, 10, 3, 15, 0, 12);

/** FOREX_CLOSED of a take profit on a 0.1 lot EURUSD buy. */
const push = (over: Partial<ForexClosedPush> = {}): ForexClosedPush => ({
  Id: 7,
  CloseReason: 'take-profit',
  FactProfits: 92,
  Code: 'EURUSD',
  PricePrecision: 5,
  OrderType: 1,
  Quantity: 0.1,
  ClosePrice: 1.085,
  CloseTime: CLOSED_AT,
  ...over,
});

const notice = (id: number, closedAt: number, over: Partial<CloseNotice> = {}): CloseNotice => ({
  id,
  reason: 'stop-loss',
  code: 'XAUUSD',
  side: 2,
  lots: 1,
  closePrice: 2650.5,
  precision: 2,
  pnl: -12.345,
  closedAt,
  ...over,
});

const translations = { en, hk, ar };
let t: Record<keyof typeof translations, TFunction>;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: Object.fromEntries(
      Object.entries(translations).map(([lang, translation]) => [lang, { translation }]),
    ),
    interpolation: { escapeValue: false },
  });
  t = {
    en: i18n.getFixedT('en'),
    hk: i18n.getFixedT('hk'),
    ar: i18n.getFixedT('ar'),
  };
});

describe('which closes are told', () => {
  it('tells take profit, stop loss and stop-out, not what the trader did', () => {
    const told: CloseReasonCode[] = ['take-profit', 'stop-loss', 'stop-out'];
    const untold: (CloseReasonCode | null)[] = ['manual', 'cancelled', 'demo-reset', null];
    expect(told.map((reason) => notifies(reason))).toEqual([true, true, true]);
    expect(untold.map((reason) => notifies(reason))).toEqual([false, false, false, false]);
  });

  it('makes no notice of a manual close or a demo reset push', () => {
    expect(noticeFromPush(push({ CloseReason: 'manual' }))).toBeNull();
    expect(noticeFromPush(push({ CloseReason: 'demo-reset' }))).toBeNull();
    expect(noticeFromPush(push())).toEqual({
      id: 7,
      reason: 'take-profit',
      code: 'EURUSD',
      side: 1,
      lots: 0.1,
      closePrice: 1.085,
      precision: 5,
      pnl: 92,
      closedAt: CLOSED_AT,
    });
  });

  it('reads a history row as the push says it (times are UTC on the wire)', () => {
    const order = {
      Id: 7,
      ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
      OrderType: 1,
      Status: 3,
      Quantity: 0.1,
      FactProfits: 92,
      ClosePrice: 1.085,
      CloseReason: 'take-profit',
      CloseTimeHandler: '2026-11-03 15:00:12',
    } as Order;
    expect(noticeFromOrder(order)).toEqual(noticeFromPush(push()));
    expect(noticeFromOrder({ ...order, CloseReason: 'manual' })).toBeNull();
  });
});

describe('the toast text', () => {
  it('says reason, instrument, side, lots, close price and the signed P&L to the cent', () => {
    expect(noticeText(t.en, noticeFromPush(push())!)).toBe(
      'Take profit closed EURUSD Buy 0.10 at 1.08500 · +92.00 USD',
    );
    expect(noticeText(t.en, notice(8, CLOSED_AT))).toBe(
      'Stop loss closed XAUUSD Sell 1.00 at 2650.50 · -12.35 USD',
    );
    expect(noticeText(t.en, notice(9, CLOSED_AT, { reason: 'stop-out', pnl: -1_234.5 }))).toBe(
      'Stop out closed XAUUSD Sell 1.00 at 2650.50 · -1,234.50 USD',
    );
  });

  it('is translated', () => {
    expect(noticeText(t.hk, noticeFromPush(push())!)).toBe(
      '止賺已平倉 EURUSD 買入 0.10 手，價格 1.08500 · +92.00 USD',
    );
    expect(noticeText(t.ar, noticeFromPush(push())!)).toBe(
      'أغلق جني الأرباح مركز EURUSD شراء 0.10 عند 1.08500 · +92.00 USD',
    );
  });

  it('tells a trailing stop as a close, and an expired pending order without a P&L (issue 40)', () => {
    expect(noticeText(t.en, noticeFromPush(push({ CloseReason: 'trailing-stop' }))!)).toBe(
      'Trailing stop closed EURUSD Buy 0.10 at 1.08500 · +92.00 USD',
    );
    const expired = noticeFromPush(
      push({ CloseReason: 'expired', FactProfits: 0, ClosePrice: 0 }),
    )!;
    expect(noticeText(t.en, expired)).toBe('Pending order expired: EURUSD Buy 0.10');
    expect(noticeText(t.ar, expired)).toBe('انتهت صلاحية الأمر المعلّق: EURUSD شراء 0.10');
    // From history, with the price the order waited at.
    const row = {
      Id: 9,
      ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
      OrderType: 1,
      Status: 3,
      Quantity: 0.1,
      FactProfits: 0,
      OriginPrice: 1.08,
      ClosePrice: 0,
      CloseReason: 'expired',
      CloseTimeHandler: '2026-11-03 22:00:00',
    } as Order;
    expect(noticeFromOrder(row)).toMatchObject({ reason: 'expired', closePrice: 1.08 });
    expect(noticeFromOrder({ ...row, CloseReason: 'partial' })).toBeNull();
  });

  it('shows lots with at least two decimals', () => {
    expect([0.1, 1, 0.01, 0.005, 12.5].map(formatLots)).toEqual([
      '0.10',
      '1.00',
      '0.01',
      '0.005',
      '12.50',
    ]);
  });
});

describe('unread', () => {
  const history = [notice(1, 1_000), notice(2, 2_000), notice(3, 3_000)];

  it('counts what closed after the list was last opened', () => {
    expect(unreadCount(history, 0)).toBe(3);
    expect(unreadCount(history, 2_000)).toBe(1);
    expect(unreadCount(history, 3_000)).toBe(0);
  });

  it('opening the list marks up to its newest close, never back in time', () => {
    expect(seenUpTo(history, 0)).toBe(3_000);
    expect(seenUpTo(history, 5_000)).toBe(5_000);
  });

  it('lists a pushed close at once, once, and history’s row when both have it', () => {
    const pushed = notice(4, 4_500, { pnl: 10 });
    const stored = notice(4, 4_000, { pnl: 10 });
    const merged = mergeNotices([pushed], history);
    expect(merged.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(unreadCount(merged, 3_000)).toBe(1);
    const reloaded = mergeNotices([pushed], [stored, ...history]);
    expect(reloaded.map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(reloaded[0]).toBe(stored);
  });
});
