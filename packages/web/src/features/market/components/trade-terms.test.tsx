import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import type { InstrumentTerms } from '../api/market-api.ts';
import { TradeTerms } from './trade-terms.tsx';

const EURUSD: InstrumentTerms = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EURUSD',
  Name: 'Euro / US Dollar',
  Logo: '',
  CategoryId: 1,
  MarketStatus: 1,
  NextOpen: null,
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 100,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 50 }, { Value: 100 }, { Value: 200 }, { Value: 500 }],
  Spread: 0.00008,
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
  Schedule: 'forex',
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

describe('TradeTerms', () => {
  it('writes leverage as MT5 does, 1:50, as the order form and the order detail do', () => {
    render(<TradeTerms terms={EURUSD} />);
    expect(screen.getByTestId('terms-leverage').textContent).toBe('1:50 / 1:100 / 1:200 / 1:500');
  });

  it('says fixed margin for an instrument without leverage', () => {
    render(<TradeTerms terms={{ ...EURUSD, MarginMode: 1, HasForexMultiple: [] }} />);
    expect(screen.getByTestId('terms-leverage').textContent).toBe('Fixed margin per lot');
  });
});
