import { cleanup, render, screen } from '@testing-library/react';
import type { Order } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
    // Unisolated, right-to-left text shows "-0.800000" as "0.800000-".
    expect(screen.getByTestId('order-profit').textContent).toBe(ltr('-0.800000'));
    expect(screen.getByTestId('order-time').textContent).toBe(ltr('2026-11-03 23:00 GMT+8'));
  });
});

describe('OrderCard fee', () => {
  it('shows a closed order’s fee to 6 decimals, as its detail does', () => {
    renderCard(CLOSED);
    expect(screen.getByTestId('order-fee').textContent).toBe('Fee 0.108512');
  });

  it('shows it in Arabic too, the figure kept left to right', async () => {
    await i18next.changeLanguage('ar');
    renderCard(CLOSED);
    const fee = screen.getByTestId('order-fee');
    expect(fee.textContent).toBe('الرسوم \u20660.108512\u2069');
    expect(fee.querySelector('span')?.textContent).toBe('\u20660.108512\u2069');
  });

  it('shows no fee for an order that never traded (cancelled) nor on an open position', () => {
    renderCard({ ...CLOSED, Price: 0, TradeFee: 0, CloseReason: 'cancelled' });
    expect(screen.queryByTestId('order-fee')).toBeNull();
    cleanup();
    renderCard({ ...CLOSED, Status: 1, CloseReason: null, CloseTimeHandler: null });
    expect(screen.queryByTestId('order-fee')).toBeNull();
  });
});
