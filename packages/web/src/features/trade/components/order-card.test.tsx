import { cleanup, render, screen } from '@testing-library/react';
import type { Order } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import { OrderCard } from './order-card.tsx';

/** A EURUSD buy of 0.1 lot at 1:50, opened and closed (the wire's order, SPEC.md §4). */
const CLOSED: Order = {
  Id: 41,
  ForexId: 1,
  ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 3,
  Quantity: 0.1,
  Multiple: 50,
  OriginPrice: 1.08512,
  Price: 1.08512,
  UpdatePrice: 1.08504,
  FactProfits: -0.8,
  CautionMoney: 217.024,
  TradeFee: 0.108512,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  ClosePrice: 1.08504,
  CloseReason: 'manual',
  CreateTimeHandler: '2026-11-03 15:00:11',
  CloseTimeHandler: '2026-11-03 15:00:12',
  TrailingDistance: 0,
  TrailingActivation: 0,
  StopMovedTimeHandler: null,
  ExpireTimeHandler: null,
  PartOf: null,
};

const renderCard = (order: Order) => render(<OrderCard order={order} onOpen={() => {}} />);

const deviceZone = process.env.TZ;
beforeAll(async () => {
  // The trader's phone in Hong Kong (GMT+8), pinned so that the test passes anywhere.
  process.env.TZ = 'Asia/Hong_Kong';
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: en }, ar: { translation: ar } } });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

/** Unicode's left-to-right isolate around a figure, as Arabic text needs it. */
const ltr = (text: string) => `\u2066${text}\u2069`;

describe('OrderCard time', () => {
  it('shows when it closed in the trader’s zone, labelled, not in UTC', () => {
    renderCard(CLOSED);
    expect(screen.getByTestId('order-time').textContent).toBe('2026-11-03 23:00 GMT+8');
  });

  it('shows when an open position was opened', () => {
    renderCard({ ...CLOSED, Status: 1, CloseReason: null, CloseTimeHandler: null });
    expect(screen.getByTestId('order-time').textContent).toBe('2026-11-03 23:00 GMT+8');
  });
});

describe('OrderCard in Arabic', () => {
  it('keeps the signed profit and the time each one left-to-right unit', async () => {
    await i18next.changeLanguage('ar');
    renderCard(CLOSED);
    // Unisolated, right-to-left text shows "-0.91" as "0.91-".
    expect(screen.getByTestId('order-profit').textContent).toBe(ltr('-0.91'));
    expect(screen.getByTestId('order-time').textContent).toBe(ltr('2026-11-03 23:00 GMT+8'));
  });
});

describe('OrderCard money, to the cent as MT5 shows it', () => {
  const profit = () => screen.getByTestId('order-profit');

  it('shows a closed trade’s result net of its fee, said to be net, and the fee', () => {
    // +0.7798 made, 0.108512 charged: +0.671288 for the trader.
    renderCard({ ...CLOSED, FactProfits: 0.7798 });
    expect(profit().textContent).toBe('+0.67');
    expect(profit().classList.contains('up')).toBe(true);
    expect(profit().nextElementSibling?.textContent).toBe('Net of fees');
    expect(screen.getByTestId('order-fee').textContent).toBe('Fee 0.11');
  });

  it('shows a position’s floating P&L net of the fee it paid at open', () => {
    // A position just opened, the spread against it: -0.8 floating, -0.908512 net.
    renderCard({ ...CLOSED, Status: 1, CloseReason: null, CloseTimeHandler: null });
    expect(profit().textContent).toBe('-0.91');
    expect(profit().classList.contains('down')).toBe(true);
  });

  it('rounds a half cent away from zero, on the exact figure', () => {
    // 0.115 − 0.11 is 0.005 exactly; as floats it is 0.0050000000000000044 or so, and
    // 0.285 as a float rounds down: neither decides what is shown.
    renderCard({ ...CLOSED, FactProfits: 0.115, TradeFee: 0.11 });
    expect(profit().textContent).toBe('+0.01');
    cleanup();
    renderCard({ ...CLOSED, FactProfits: -0.175, TradeFee: 0.11 });
    expect(profit().textContent).toBe('-0.29');
    cleanup();
    renderCard({ ...CLOSED, FactProfits: 0.112, TradeFee: 0.11 });
    expect(profit().textContent).toBe('0.00');
    expect(profit().classList.contains('flat')).toBe(true);
  });

  it('keeps the fee left to right in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderCard(CLOSED);
    const fee = screen.getByTestId('order-fee');
    expect(fee.textContent).toBe('الرسوم \u20660.11\u2069');
    expect(fee.querySelector('span')?.textContent).toBe('\u20660.11\u2069');
  });

  it('shows no fee for an order that never traded (cancelled) nor on an open position', () => {
    renderCard({ ...CLOSED, Price: 0, TradeFee: 0, CloseReason: 'cancelled' });
    expect(screen.queryByTestId('order-fee')).toBeNull();
    cleanup();
    renderCard({ ...CLOSED, Status: 1, CloseReason: null, CloseTimeHandler: null });
    expect(screen.queryByTestId('order-fee')).toBeNull();
  });
});

/** A waiting EURUSD buy at 1.08250 with its stops; the ask (what it fills on) at 1.08508. */
const PENDING: Order = {
  ...CLOSED,
  Status: 0,
  Price: 0,
  OriginPrice: 1.0825,
  UpdatePrice: 1.08508,
  FactProfits: 0,
  TradeFee: 0.054125,
  TargetLossPrice: 1.0795,
  TargetProfitPrice: 1.0885,
  ClosePrice: 0,
  CloseReason: null,
  CloseTimeHandler: null,
};

describe('OrderCard of a pending order', () => {
  const type = () => screen.getByTestId('order-type').textContent;

  it.each([
    [1, 1.0825, 1.08508, 'Buy Limit 0.1'],
    [1, 1.0875, 1.08508, 'Buy Stop 0.1'],
    [2, 1.0875, 1.085, 'Sell Limit 0.1'],
    [2, 1.0825, 1.085, 'Sell Stop 0.1'],
  ] as const)(
    'names it by its type as MT5 does: side %i at %f, market %f → %s',
    (side, target, now, says) => {
      renderCard({ ...PENDING, OrderType: side, OriginPrice: target, UpdatePrice: now });
      expect(type()).toBe(says);
    },
  );

  it('shows its stop loss and take profit, and no P&L', () => {
    renderCard(PENDING);
    expect(screen.getByTestId('order-stops').textContent).toBe(
      'Stop loss 1.07950Take profit 1.08850',
    );
    expect(screen.queryByTestId('order-profit')).toBeNull();
  });

  it('says a stop that is not set is not', () => {
    renderCard({ ...PENDING, TargetProfitPrice: 0 });
    expect(screen.getByTestId('order-card-sl').textContent).toBe('1.07950');
    expect(screen.getByTestId('order-card-tp').textContent).toBe('—');
  });

  it('shows a position’s stops too, by its side alone, and none on history', () => {
    renderCard({ ...PENDING, Status: 1, Price: 1.0825, FactProfits: 0.5 });
    expect(type()).toBe('Buy 0.1');
    expect(screen.getByTestId('order-card-sl').textContent).toBe('1.07950');
    cleanup();
    renderCard(CLOSED);
    expect(screen.queryByTestId('order-stops')).toBeNull();
  });
});

describe('OrderCard of issue 40: trailing stop, expiry, partial close', () => {
  /** A position trailing 0.00100 behind the bid from 1.09000, its stop moved at 15:00:12 UTC. */
  const TRAILING: Order = {
    ...PENDING,
    Status: 1,
    Price: 1.0825,
    FactProfits: 0.5,
    TargetLossPrice: 1.0851,
    TrailingDistance: 0.001,
    TrailingActivation: 1.09,
    StopMovedTimeHandler: '2026-11-03 15:00:12',
  };
  const note = (testId: string) => screen.getByTestId(testId).textContent;

  it('says a position trails, from where, and when it last moved its stop', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Read at 23:30 in Hong Kong, the day it moved: to the second.
      vi.setSystemTime(Date.UTC(2026, 10, 3, 15, 30));
      renderCard(TRAILING);
      expect(screen.getByTestId('order-card-sl').textContent).toBe('1.08510');
      expect(note('order-card-trailing')).toBe(
        'Trailing 0.00100 · from 1.09000 · moved 23:00:12 GMT+8',
      );
      cleanup();
      // Two days later: with its date.
      vi.setSystemTime(Date.UTC(2026, 10, 5, 1, 0));
      renderCard(TRAILING);
      expect(note('order-card-trailing')).toBe(
        'Trailing 0.00100 · from 1.09000 · moved 2026-11-03 23:00 GMT+8',
      );
    } finally {
      vi.useRealTimers();
    }
    cleanup();
    renderCard({ ...TRAILING, TrailingActivation: 0, StopMovedTimeHandler: null });
    expect(note('order-card-trailing')).toBe('Trailing 0.00100');
    cleanup();
    renderCard({ ...TRAILING, TrailingDistance: 0 });
    expect(screen.queryByTestId('order-card-trailing')).toBeNull();
  });

  it('says when a pending order expires, in the trader’s zone; nothing when good till cancelled', () => {
    renderCard({ ...PENDING, ExpireTimeHandler: '2026-11-03 21:00:00' });
    expect(note('order-card-expiry')).toBe('Expires 2026-11-04 05:00 GMT+8');
    cleanup();
    renderCard(PENDING);
    expect(screen.queryByTestId('order-card-expiry')).toBeNull();
  });

  it('names a partial close and the position it was taken from, in Arabic too', async () => {
    const part = { ...CLOSED, Id: 42, Quantity: 0.05, CloseReason: 'partial' as const, PartOf: 41 };
    renderCard(part);
    expect(note('order-card-part')).toBe('Partial close of #41');
    expect(screen.getByText('Partial close')).toBeDefined();
    cleanup();
    await i18next.changeLanguage('ar');
    renderCard(part);
    expect(note('order-card-part')).toBe('إغلاق جزئي للمركز #41');
    cleanup();
    renderCard(TRAILING);
    expect(note('order-card-trailing')).toContain(`وقف متحرك ${ltr('0.00100')}`);
  });
});
