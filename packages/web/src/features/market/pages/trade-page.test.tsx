import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import type { InstrumentTerms } from '../api/market-api.ts';
import { TradePage } from './trade-page.tsx';

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
  HasForexMultiple: [{ Value: 50 }],
  Spread: 0.00008,
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
  Schedule: 'forex',
};

// The page's data and its canvas chart are not what is tested here: the drawer is.
vi.mock('../api/market-api.ts', () => ({
  useInstrumentTerms: () => EURUSD,
  useTradeInstrument: () => undefined,
  useKline: () => ({ data: undefined }),
  useTradeList: () => ({ data: [] }),
}));
vi.mock('../components/candle-chart.tsx', () => ({ CandleChart: () => null }));

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      browser back
    </button>
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

describe('TradePage instrument drawer', () => {
  it('closes when Back leaves the page, which stays mounted (kept alive) behind the next one', async () => {
    render(
      <MemoryRouter initialEntries={['/', '/trade']} initialIndex={1}>
        <BackButton />
        <TradePage renderOrderForm={() => null} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('instrument-picker'));
    const search = await screen.findByPlaceholderText(en['market.search_placeholder']);
    const drawer = search.closest<HTMLElement>('.adm-popup');
    expect(drawer?.style.display).not.toBe('none');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'browser back' })));
    await vi.waitFor(() => expect(drawer?.style.display).toBe('none'));
  });
});
