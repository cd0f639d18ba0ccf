import { cleanup, render, screen } from '@testing-library/react';
import type { Order } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: en }, ar: { translation: ar } } });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
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
    expect(fee.textContent).toBe('الرسوم 0.108512');
    expect(fee.querySelector('span')?.textContent).toBe('0.108512');
  });

  it('shows no fee for an order that never traded (cancelled) nor on an open position', () => {
    renderCard({ ...CLOSED, Price: 0, TradeFee: 0, CloseReason: 'cancelled' });
    expect(screen.queryByTestId('order-fee')).toBeNull();
    cleanup();
    renderCard({ ...CLOSED, Status: 1, CloseReason: null, CloseTimeHandler: null });
    expect(screen.queryByTestId('order-fee')).toBeNull();
  });
});
